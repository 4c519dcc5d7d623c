#!/usr/bin/env python3
"""ReceiptKit's public API, checked (ARCHITECTURE.md, "Public API"). Run by `make lint`; exits 1 when:

  - the public symbols differ from the committed listing, api/ReceiptKit.txt (a change to the public API is
    deliberate: rerun with --update and commit the listing with the change);
  - a public symbol has no `///` doc comment, or a function, initialiser or subscript that takes parameters,
    returns a value or throws does not say so (`- Parameters:`/`- Parameter x:`, `- Returns:`, `- Throws:`),
    unless the symbol is in api/undocumented.txt, which may only shrink;
  - the README's library example does not compile as another package's code would see ReceiptKit: against the
    built module under a different package name, so `package` declarations stay out of its reach.

The symbol graph comes from swift-symbolgraph-extract over the debug build's module (built first if stale), at
access level public. --update rewrites the listing and drops allow-list entries that are documented or gone
(it never adds one).

    scripts/api-listing.py [--update]
"""
import json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
LISTING = os.path.join(ROOT, 'api', 'ReceiptKit.txt')
ALLOWED = os.path.join(ROOT, 'api', 'undocumented.txt')
SWIFT = os.environ.get('SWIFT', 'swift')
CALLABLE = {'swift.func', 'swift.method', 'swift.type.method', 'swift.init', 'swift.subscript', 'swift.type.subscript'}


def run(args, **kwargs):
    return subprocess.run(args, cwd=ROOT, check=True, text=True, stdout=subprocess.PIPE, **kwargs).stdout.strip()


def toolchain():
    """The target triple, the SDK flags (macOS) and the include flags a client of ReceiptKit compiles with."""
    info = json.loads(run([SWIFT, '-print-target-info']))
    sdk = ['-sdk', run(['xcrun', '--show-sdk-path'])] if shutil.which('xcrun') else []
    cflags = run(['pkg-config', '--cflags', 'openssl']).split()
    includes = ['-I', os.path.join(ROOT, 'Sources', 'COpenSSL')] + [f for flag in cflags for f in ('-Xcc', flag)]
    return info['target']['triple'], sdk, includes


def declaration(symbol):
    text = ''.join(fragment['spelling'] for fragment in symbol['declarationFragments'])
    return re.sub(r'\s+', ' ', text).strip()


def entry(symbol):
    """One line of the listing: where the symbol sits and how it is declared."""
    return '.'.join(symbol['pathComponents']) + ' | ' + declaration(symbol)


def missing_docs(symbol):
    """What the symbol's doc comment leaves out; empty when it is complete."""
    if 'location' not in symbol:
        return []  # made by the compiler (a raw-value enum's init(rawValue:)): nothing to write a comment on
    doc = symbol.get('docComment')
    if not doc or doc.get('module', 'ReceiptKit') != 'ReceiptKit':
        return ['doc comment']
    if symbol['kind']['identifier'] not in CALLABLE:
        return []
    text = '\n'.join(line['text'] for line in doc['lines'])
    signature = symbol.get('functionSignature', {})
    missing = []
    if signature.get('parameters') and not re.search(r'^\s*- Parameters?\b', text, re.M):
        missing.append('- Parameters:')
    returns = ''.join(fragment['spelling'] for fragment in signature.get('returns', []))
    if symbol['kind']['identifier'] != 'swift.init' and returns not in ('', '()', 'Void') and '- Returns:' not in text:
        missing.append('- Returns:')
    if re.search(r'\b(throws|rethrows)\b', declaration(symbol)) and '- Throws:' not in text:
        missing.append('- Throws:')
    return missing


def symbols(bin_path, triple, sdk, includes):
    with tempfile.TemporaryDirectory() as out:
        run(['swift-symbolgraph-extract', '-module-name', 'ReceiptKit', '-target', triple, *sdk,
             '-I', os.path.join(bin_path, 'Modules'), *includes, '-minimum-access-level', 'public',
             '-skip-synthesized-members', '-output-dir', out])
        found = []
        for name in sorted(os.listdir(out)):
            with open(os.path.join(out, name)) as graph:
                found += json.load(graph)['symbols']
        return found


def readme_example_errors(bin_path, triple, sdk, includes):
    """Compiler errors of the README's `import ReceiptKit` block, type-checked as another package's module."""
    with open(os.path.join(ROOT, 'README.md')) as readme:
        blocks = re.findall(r'```swift\n(.*?)```', readme.read(), re.S)
    example = next((block for block in blocks if block.startswith('import ReceiptKit\n')), None)
    if example is None:
        return 'README.md has no ```swift block that starts with `import ReceiptKit`'
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, 'ReadmeExample.swift')
        with open(source, 'w') as file:
            file.write(example)
        result = subprocess.run(
            [SWIFT + 'c', '-typecheck', '-swift-version', '6', '-target', triple, *sdk, '-I',
             os.path.join(bin_path, 'Modules'), *includes, '-module-name', 'ReadmeExample', '-package-name',
             'readme_example_outside', source], cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        return result.stdout if result.returncode != 0 else None


def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return [line.rstrip('\n') for line in file if line.strip() and not line.startswith('#')]


def write_allowed(kept):
    with open(ALLOWED) as file:
        header = [line for line in file if line.startswith('#')]
    with open(ALLOWED, 'w') as file:
        file.writelines(header + [line + '\n' for line in kept])


def main():
    update = sys.argv[1:] == ['--update']
    run([SWIFT, 'build', '--target', 'ReceiptKit'], stderr=subprocess.STDOUT)
    bin_path = run([SWIFT, 'build', '--show-bin-path'])
    triple, sdk, includes = toolchain()
    found = symbols(bin_path, triple, sdk, includes)
    listing = sorted({entry(symbol) for symbol in found})
    allowed = read_lines(ALLOWED)
    undocumented = {}
    for symbol in found:
        missing = missing_docs(symbol)
        if missing:
            undocumented[entry(symbol)] = (symbol, missing)
    status = 0
    if update:
        os.makedirs(os.path.dirname(LISTING), exist_ok=True)
        with open(LISTING, 'w') as file:
            file.writelines(line + '\n' for line in listing)
        write_allowed([line for line in allowed if line in undocumented])
        print(f'api-listing: wrote {len(listing)} public symbols to {os.path.relpath(LISTING, ROOT)}')
        allowed = read_lines(ALLOWED)
    elif read_lines(LISTING) != listing:
        committed = set(read_lines(LISTING))
        for line in sorted(committed - set(listing)):
            print(f'api-listing: no longer public: {line}', file=sys.stderr)
        for line in listing:
            if line not in committed:
                print(f'api-listing: newly public: {line}', file=sys.stderr)
        print('api-listing: the public API differs from api/ReceiptKit.txt; if that is meant, run '
              'scripts/api-listing.py --update and commit the listing', file=sys.stderr)
        status = 1
    for line, (symbol, missing) in sorted(undocumented.items()):
        if line in allowed:
            continue
        where = symbol.get('location', {}).get('uri', '').replace('file://' + ROOT + '/', '')
        line_number = symbol.get('location', {}).get('position', {}).get('line', -1) + 1
        print(f'api-listing: {where}:{line_number}: {line}: no {", ".join(missing)}', file=sys.stderr)
        status = 1
    stale = [line for line in allowed if line not in undocumented]
    if stale:
        for line in stale:
            print(f'api-listing: api/undocumented.txt lists what is documented or gone: {line}', file=sys.stderr)
        print('api-listing: the allow-list only shrinks: run scripts/api-listing.py --update', file=sys.stderr)
        status = 1
    errors = readme_example_errors(bin_path, triple, sdk, includes)
    if errors:
        print("api-listing: the README's library example does not compile as another package's code:\n" + errors,
              file=sys.stderr)
        status = 1
    sys.exit(status)


if __name__ == '__main__':
    main()
