"""Text to plain data and back: the grammar, the parser with its source map, the formatter."""

from .parser import ParsedVariant, decode, parse_text, parse_tree

__all__ = ["ParsedVariant", "decode", "parse_text", "parse_tree"]
