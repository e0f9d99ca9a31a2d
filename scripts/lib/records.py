"""Reading ccmatch's records (protocol-spec/match.md, -pgnout): the one reader the
analysis scripts share."""

import re

MOVE = re.compile(r"^[a-q]\d+(-[a-q]\d+)*$|^pass$")


def read_games(path):
    """Yields (headers, moves) for every game of a PGN-like ccmatch record file."""
    headers, moves = {}, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        header = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if header:
            if moves:
                yield headers, moves
                headers, moves = {}, []
            headers[header.group(1)] = header.group(2)
            continue
        moves.extend(word for word in re.sub(r"\{[^}]*\}", " ", line).split() if MOVE.match(word))
    if moves:
        yield headers, moves
