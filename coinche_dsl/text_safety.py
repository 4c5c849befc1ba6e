"""Text from a variant file or a JSON input, made safe for where it is printed: a terminal
(control characters shown, never obeyed), Rich markup (brackets escaped), Markdown (no raw
HTML), JSON printed to a terminal. HTML is escaped by Jinja2's autoescape; DSL texts by
`syntax.writer.quote`. Every command prints a file's text through one of these.

>>> for_terminal("club\\x1b[2J name")
'club\\\\x1b[2J name'
>>> for_rich("[bold]club")
'\\\\[bold]club'
>>> for_markdown("<script>alert(1)</script> if a < b & c")
'&lt;script>alert(1)&lt;/script> if a < b & c'
>>> for_markdown("[the rules](javascript:alert(1))")
'[the rules]\\\\(javascript:alert(1))'
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                      "\u202a-\u202e\u2066-\u2069]")
"""C0 and C1 controls (tab and newline aside), and the invisible marks that reorder or break
a line (bidirectional overrides: text that displays other than it reads)."""
_CONTROL_OR_NEWLINE = re.compile(_CONTROL.pattern[:-1] + "\n\t]")
_HTML_START = re.compile(r"<(?=[A-Za-z/!?])|&(?=#?\w+;)")


def _shown(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: object, newlines: bool = True) -> str:
    """`text` with control characters written as `\\x1b`, `\\u202e`: shown, never obeyed.
    With `newlines=False`, newlines and tabs too (a one-line diagnostic stays one line)."""
    pattern = _CONTROL if newlines else _CONTROL_OR_NEWLINE
    return pattern.sub(_shown, str(text))


def for_rich(text: object) -> str:
    """`text` for a Rich markup string: control characters shown, `[` escaped."""
    from rich.markup import escape

    return escape(for_terminal(text))


def for_markdown(text: object) -> str:
    """`text` for a Markdown document: control characters shown, and what a Markdown viewer
    would take for raw HTML (`<tag`, `</`, `<!`, `&entity;`) or for an inline link or image
    (`[text](url)`: a `javascript:` link in a title or a label) written as text."""
    return _HTML_START.sub(lambda m: "&lt;" if m.group() == "<" else "&amp;",
                           for_terminal(text)).replace("](", "]\\(")


def for_json(text: str) -> str:
    """A JSON document for a terminal: the control characters that `json.dumps` leaves raw
    (DEL, C1, bidirectional marks: only ever inside strings) written as `\\u` escapes."""
    return _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
