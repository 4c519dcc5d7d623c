#!/usr/bin/env python3
"""Lists Swift functions and initialisers longer than a limit (default 60 lines), so long functions are split
before they grow; exits 1 when there is one. Braces inside string literals and comments are ignored.

    scripts/function-lengths.py [--limit N] DIR...
"""
import argparse, os, re, sys

DECLARATION = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|static|override|'
                         r'mutating|nonisolated|final|convenience|required|package)\s+)*(?:func\s+[^\s(<]+|init[?!]?)\s*[(<]')


def code_only(line, in_block):
    """The line without string literals and comments; tracks /* */ blocks across lines."""
    out, i = [], 0
    while i < len(line):
        if in_block:
            end = line.find('*/', i)
            if end < 0:
                return ''.join(out), True
            i, in_block = end + 2, False
        elif line.startswith('//', i):
            break
        elif line.startswith('/*', i):
            in_block, i = True, i + 2
        elif line[i] == '"':
            i += 1
            while i < len(line) and line[i] != '"':
                i += 2 if line[i] == '\\' else 1
            i += 1
        else:
            out.append(line[i])
            i += 1
    return ''.join(out), in_block


def long_functions(path, limit):
    lines = open(path, encoding='utf-8').read().split('\n')
    stripped, in_block, in_multiline = [], False, False
    for line in lines:
        if line.strip().endswith('"""'):
            toggles = line.count('"""')
            if toggles % 2 == 1:
                in_multiline = not in_multiline
                stripped.append('')
                continue
        if in_multiline:
            stripped.append('')
            continue
        code, in_block = code_only(line, in_block)
        stripped.append(code)
    found = []
    for start, line in enumerate(lines):
        if not DECLARATION.match(stripped[start]):
            continue
        depth, opened = 0, False
        for end in range(start, len(stripped)):
            depth += stripped[end].count('{') - stripped[end].count('}')
            opened = opened or '{' in stripped[end]
            if opened and depth <= 0:
                length = end - start + 1
                if length > limit:
                    found.append((start + 1, length, line.strip()[:80]))
                break
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--limit', type=int, default=60)
    parser.add_argument('dirs', nargs='+')
    args = parser.parse_args()
    failed = False
    for root in args.dirs:
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith('.swift'):
                    path = os.path.join(folder, name)
                    for line, length, text in long_functions(path, args.limit):
                        print(f'{path}:{line}: {length} lines (limit {args.limit}): {text}')
                        failed = True
    sys.exit(1 if failed else 0)


main()
