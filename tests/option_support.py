"""A variant at the option limits: as many options as a file may declare, each with as many
values as an option may have, and as many worked examples as a file may hold (issue #32: such a
file, 36 kB, was accepted and its `check` took 40 s and 2.7 GB)."""

from __future__ import annotations

from coinche_dsl.limits import MAX_EXAMPLES, MAX_OPTION_VALUES, MAX_OPTIONS

# Settings that no example below depends on (no capot, belote, double or announcement in them),
# each with a value per option value: `i` is the value's index.
SETTINGS = [
    ("game", "target", lambda i: f"{1000 + 100 * i}"),
    ("table", "cut_minimum", lambda i: f"{2 + i}"),
    ("auction", "capot_value", lambda i: f"{250 + 10 * i}"),
    ("auction", "generale_value", lambda i: f"{500 + 10 * i}"),
    ("auction", "coinche_factor", lambda i: f"{2 + i}"),
    ("auction", "surcoinche_factor", lambda i: f"{10 + i}"),
    ("belote", "value", lambda i: f"{20 + 10 * i}"),
    ("cards", "capot_last_trick", lambda i: f"{100 + 10 * i}"),
    ("announcements", "sequences", lambda i: f"3 20, 4 50, 5 {100 + 10 * i}"),
    ("announcements", "carres", lambda i: f"J {200 + 10 * i}, 9 150, A 100, 10 100, K 100, Q 100"),
    ("announcements", "no_trump_carres",
     lambda i: f"A {200 + 10 * i}, 10 150, K 100, Q 100, J 100, 9 100"),
    ("auction", "end_passes", lambda i: "3"),
]


def many_options(options: int = MAX_OPTIONS, values: int = MAX_OPTION_VALUES,
                 examples: int = MAX_EXAMPLES) -> str:
    """A variant file extending ffb with `options` options in all (ffb's two, of two and
    three values, and its own, of `values` values) and `examples` worked examples, every one
    of which holds under every value."""
    assert 2 <= options <= len(SETTINGS) + 2
    lines = ['variant "many-options" extends "ffb" {', '  title "Many options"',
             '  description "Every option a file may declare."', '  sources "tests"']
    for n, (block, setting, value) in enumerate(SETTINGS[:options - 2]):
        lines.append(f'  option o{n} "Option {n}" default v0 {{')
        for i in range(values):
            lines.append(f"    v{i} {{ {block} {{ {setting} {value(i)} }} }}")
        lines.append("  }")
    for k in range(examples):
        # ffb § 10.1.1: NS 100 + 10 (last trick) + 90 = 200; EW 52 rounds to 50.
        lines.append(f'  example "made {k}" {{ declarer N bid 90 trump hearts '
                     "card_points NS 100, EW 52 last_trick S made yes expect NS 200, EW 50 }")
    lines.append("}")
    return "\n".join(lines) + "\n"
