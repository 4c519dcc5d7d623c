#!/usr/bin/env python3
"""Lays out what swift-argument-parser's generate-manual writes from a command's discussion as mdoc.

generate-manual copies the discussion (the text `appreceipt help NAME` shows) into DESCRIPTION as plain text lines.
This turns that text into mdoc without changing a word: a blank line becomes .Pp; an indented table ("  0   text",
or a term line followed by lines indented further) becomes a .Bl -tag list; other indented lines become a literal
display; and the blocks headed EXIT STATUS:, EXAMPLES: and ENVIRONMENT: move into sections of those names, in
mdoc's order, EXIT STATUS taking the place of the generic ".Ex -std". The page's name becomes appreceipt-NAME.

    scripts/mdoc-sections.py PAGE.1 > OUT.1
"""
import re
import sys

MOVED = {"EXIT STATUS": "EXIT STATUS", "EXAMPLES": "EXAMPLES", "ENVIRONMENT": "ENVIRONMENT"}


def indent(line):
    return len(line) - len(line.lstrip(" "))


def text_line(text):
    return "\\&" + text if text.startswith((".", "'")) else text


def definition_list(lines, heading):
    """A table of terms: "  TERM   text" or "  TERM" with the text on lines indented further."""
    items = []
    for line in lines:
        if indent(line) <= 2:
            # An exit status is one word before its text; other terms are set off by two spaces.
            separator = r"\s+" if heading == "EXIT STATUS" else r"\s{2,}"
            match = re.match(r"(\S+)" + separator + r"(\S.*)$", line.strip())
            term, text = (match.group(1), match.group(2)) if match else (line.strip(), "")
            items.append([term, [text] if text else []])
        else:
            items[-1][1].append(line.strip())
    out = [".Bl -tag -width Ds"]
    for term, text in items:
        if heading == "ENVIRONMENT":
            out.append(".It Ev " + " , ".join(name.strip() for name in term.split(",")))
        elif heading == "EXIT STATUS":
            out.append(".It " + term)
        else:
            out.append(".It Li " + term)
        out.extend(text_line(t) for t in text)
    out.append(".El")
    return out


def block(lines, heading):
    """An indented block: a table of terms, or a literal display."""
    is_table = heading == "EXIT STATUS" or heading != "EXAMPLES" and (
        any(indent(line) >= 6 for line in lines) or all(re.match(r"\s*\S+\s{2,}\S", line) for line in lines)
    )
    if is_table:
        return definition_list(lines, heading)
    return [".Bd -literal -offset indent"] + [text_line(line[2:]) for line in lines] + [".Ed"]


def render(lines, heading=None):
    """Discussion text lines as mdoc."""
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip() == "":
            if out and out[-1] != ".Pp":
                out.append(".Pp")
            i += 1
        elif line.startswith(" "):
            j = i
            while j < len(lines) and lines[j].startswith(" "):
                j += 1
            out.extend(block(lines[i:j], heading))
            i = j
        else:
            out.append(line)
            i += 1
    while out and out[-1] == ".Pp":
        out.pop()
    while out and out[0] == ".Pp":
        out.pop(0)
    return out


def split_moved(lines):
    """The discussion without the moved blocks, and the moved blocks by heading."""
    kept, moved, current = [], {}, None
    for line in lines:
        heading = line.rstrip(":") if line.endswith(":") else None
        if heading in MOVED:
            current = heading
            moved[current] = []
        elif current and (line.startswith(" ") or (line.strip() == "")):
            moved[current].append(line)
        else:
            current = None
            kept.append(line)
    return kept, moved


def main(path):
    page = open(path, encoding="utf-8").read().split("\n")
    name = path.rsplit("/", 1)[-1][: -len(".1")]
    page_name = name.replace(".", "-")
    start = page.index(".Sh DESCRIPTION") + 1
    end = next(i for i in range(start, len(page)) if page[i].startswith(".Bl -tag"))
    kept, moved = split_moved(page[start:end])
    head = page[:start] + render(kept)
    tail = page[end:]
    exit_at = tail.index('.Sh "EXIT STATUS"')
    sections = tail[:exit_at]
    if "ENVIRONMENT" in moved:
        sections += [".Sh ENVIRONMENT"] + render(moved["ENVIRONMENT"], "ENVIRONMENT")
    sections.append('.Sh "EXIT STATUS"')
    if "EXIT STATUS" in moved:
        sections += render(moved["EXIT STATUS"], "EXIT STATUS")
        rest = tail[exit_at + 1 :]
        if rest and rest[0] == ".Ex -std":
            rest = rest[1:]
    else:
        rest = tail[exit_at + 1 :]
    if "EXAMPLES" in moved:
        sections += [".Sh EXAMPLES"] + render(moved["EXAMPLES"], "EXAMPLES")
    result = head + sections + rest
    result = [line for line in result if not re.match(r"\.Xr appreceipt\.help 1", line)]
    result = [
        re.sub(r"^\.Xr appreceipt\.([\w.]+) 1", lambda m: ".Xr appreceipt-" + m.group(1).replace(".", "-") + " 1", line)
        for line in result
    ]
    # The list of SEE ALSO entries ends without a comma once `help` is gone.
    for k in range(len(result) - 1, -1, -1):
        if result[k].startswith(".Xr "):
            result[k] = re.sub(r" ,$", "", result[k])
            break
    result = [re.sub(r"^\.Dt \S+ ", ".Dt " + page_name.upper() + " ", line) for line in result]
    sys.stdout.write("\n".join(result))


if __name__ == "__main__":
    main(sys.argv[1])
