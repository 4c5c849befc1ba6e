"""the score pad's games, per club

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02 03:30:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('pad_games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('table_name', sa.String(length=80), nullable=False),
    sa.Column('played_on', sa.String(length=40), nullable=False),
    sa.Column('variant', sa.String(length=200), nullable=False),
    sa.Column('record', sa.Text(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['clubs.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('pad_games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_pad_games_club_id'), ['club_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('pad_games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_pad_games_club_id'))
    op.drop_table('pad_games')
