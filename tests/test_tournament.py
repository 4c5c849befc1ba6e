"""A tournament ranked from its games: twelve teams over four rounds, by points or games won,
ties broken by the organiser's order, games in files beside the tournament's.

Each game here is stopped after one deal (a tournament's time limit): North-South make 80 to 110
at hearts with 100 card points and the last trick, so under ffb (§ 10.1.1, made: the total
plus the contract; § 10.2, to the nearest ten) they score 110 + the bid and East-West their
52, rounded 50; the side ahead wins the stopped game.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from coinche_dsl.engine import compile
from coinche_dsl.loader import load_variant
from coinche_dsl.model.enums import DealsTie
from coinche_dsl.pad import GameRecord, tell
from coinche_dsl.pad.tournament import Tournament, rank

FFB = compile(load_variant("ffb"))
TEAMS = [f"Équipe {n}" for n in range(1, 13)]


def one_deal(bid: int) -> GameRecord:
    return tell(FFB, GameRecord(variant={"name": "ffb"}), f"{bid} coeur N, 100 points, der N")


def seatings() -> list[list[tuple[str, str, int]]]:
    """Four rounds of six tables: teams 1-6 sit North-South against a new East-West team each
    round (team 7 + (table + round) mod 6), the sides swapped every other round; the bid of each
    table is 80 + 10 × ((round + table) mod 4): every one made (110 >= 110, > 50)."""
    rounds = []
    for r in range(4):
        tables = [(TEAMS[t], TEAMS[6 + (t + r) % 6]) for t in range(6)]
        if r % 2:
            tables = [(ew, ns) for ns, ew in tables]
        rounds.append([(ns, ew, 80 + 10 * ((r + t) % 4)) for t, (ns, ew) in enumerate(tables)])
    return rounds


def tournament(rank_by: str = "points", tie_break=("wins", "difference")) -> Tournament:
    return Tournament.model_validate({
        "name": "Tournoi de Noël", "variant": {"name": "ffb"}, "rank_by": rank_by,
        "tie_break": list(tie_break),
        "rounds": [{"tables": [{"table": str(t + 1), "NS": ns, "EW": ew,
                                "game": one_deal(bid)}
                               for t, (ns, ew, bid) in enumerate(tables)]}
                   for tables in seatings()]})


def by_hand() -> dict[str, tuple[int, int, int]]:
    """Each team's (games won, points, conceded), from the sentence above."""
    out = {team: [0, 0, 0] for team in TEAMS}
    for tables in seatings():
        for ns, ew, bid in tables:
            out[ns][0] += 1
            out[ns][1] += 110 + bid
            out[ns][2] += 50
            out[ew][1] += 50
            out[ew][2] += 110 + bid
    return {team: (w, p, a) for team, (w, p, a) in out.items()}


def test_twelve_teams_over_four_rounds_ranked_by_points():
    ranking = rank(FFB, tournament())
    hand = by_hand()
    assert len(ranking.standings) == 12 and all(s.games == 4 for s in ranking.standings)
    for s in ranking.standings:
        assert (s.wins, s.points, s.against) == hand[s.team]
    points = [s.points for s in ranking.standings]
    assert points == sorted(points, reverse=True)
    # Level on points, wins then the difference decide; level on all, the rank is shared.
    for a, b in zip(ranking.standings, ranking.standings[1:], strict=False):
        if (a.points, a.wins, a.difference) == (b.points, b.wins, b.difference):
            assert a.rank == b.rank
        else:
            assert a.rank < b.rank


def test_games_won_first_when_the_organiser_says_so():
    ranking = rank(FFB, tournament("wins_then_points"))
    keys = [(s.wins, s.points) for s in ranking.standings]
    assert keys == sorted(keys, reverse=True)
    first = ranking.standings[0]
    assert first.wins == max(w for w, _, _ in by_hand().values())


def test_a_tie_break_the_organiser_chose():
    # Two teams, two games, level on points (190 each); the organiser breaks on fewest
    # points conceded, then nothing: A conceded 50 + 140 = 190, B 50 + 140 = 190: shared.
    t = Tournament.model_validate({"variant": {"name": "ffb"}, "tie_break": ["against"],
                                   "rounds": [{"tables": [{"NS": "A", "EW": "B",
                                                           "game": one_deal(80)}]},
                                              {"tables": [{"NS": "B", "EW": "A",
                                                           "game": one_deal(80)}]}]})
    a, b = rank(FFB, t).standings
    assert (a.points, b.points) == (240, 240) and a.rank == b.rank == 1


def test_a_team_cannot_play_itself():
    with pytest.raises(ValueError, match="against itself"):
        Tournament.model_validate({"variant": {"name": "ffb"}, "rounds": [{"tables": [
            {"NS": "A", "EW": "A", "game": "g.json"}]}]})


def test_classement_reads_games_beside_it_and_refuses_one_outside(tmp_path):
    folder = tmp_path / "noel"
    folder.mkdir()
    data = {"name": "Tournoi de Noël", "variant": {"name": "ffb"}, "rounds": []}
    for r, tables in enumerate(seatings()):
        rnd = []
        for t, (ns, ew, bid) in enumerate(tables):
            name = f"r{r + 1}-t{t + 1}.json"
            (folder / name).write_text(json.dumps(one_deal(bid).to_json()), encoding="utf-8")
            rnd.append({"table": str(t + 1), "NS": ns, "EW": ew, "game": name})
        data["rounds"].append({"tables": rnd})
    (folder / "tournoi.json").write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "coinche_dsl", "classement",
                          str(folder / "tournoi.json")], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    best = rank(FFB, tournament()).standings[0]
    lines = run.stdout.splitlines()
    assert lines[0] == "Tournoi de Noël" and "points obtenus" in lines[1]
    assert lines[3].split()[0] == "1" and best.team in lines[3]
    data["rounds"][0]["tables"][0]["game"] = "../secret.json"
    (folder / "tournoi.json").write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "coinche_dsl", "classement",
                          str(folder / "tournoi.json")], capture_output=True, text=True,
                         timeout=120)
    # said in the variant's language (ffb: French), as the ranking is
    assert run.returncode == 1 and "n’est pas dans le dossier du tournoi" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_tournament_of_two_deal_games_with_a_drawn_game():
    # `game.deals 2`, `deals_tie stands`: a game level after its two deals is drawn and wins
    # nobody the game. Table 1: « 80 coeur N, 100 points, der N » (ffb § 10.1.1: NS 110 + 80 =
    # 190, EW 52 to 50, § 10.2) then the same for EW: 240 each, drawn. Table 2: NS make it twice:
    # NS 380, EW 100, NS win.
    base = load_variant("ffb")
    rules = compile(base.model_copy(update={"game": base.game.model_copy(
        update={"deals": 2, "deals_tie": DealsTie.STANDS})}))
    ns, ew = "80 coeur N, 100 points, der N", "80 pique E, 100 points, der E"

    def game(*lines: str) -> GameRecord:
        record = GameRecord(variant={"name": "ffb"})
        for line in lines:
            record = tell(rules, record, line)
        return record

    t = Tournament.model_validate({
        "variant": {"name": "ffb"}, "rounds": [{"tables": [
            {"NS": "A", "EW": "B", "game": game(ns, ew)},
            {"NS": "C", "EW": "D", "game": game(ns, ns)}]}]})
    got = {s.team: (s.wins, s.points, s.against, s.rank) for s in rank(rules, t).standings}
    assert got == {"C": (1, 380, 100, 1), "A": (0, 240, 240, 2), "B": (0, 240, 240, 2),
                   "D": (0, 100, 380, 4)}
