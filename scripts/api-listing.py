#!/usr/bin/env python3
"""The public API of the library products, ReceiptKit and ReceiptAudit, checked (ARCHITECTURE.md, "Public API").
Run by `make lint`; exits 1 when:

  - a module's public symbols differ from its committed listing, api/MODULE.txt (a change to the public API is
    deliberate: rerun with --update and commit the listing with the change);
  - a public symbol has no `///` doc comment, or a function, initialiser or subscript that takes parameters,
    returns a value or throws does not say so (`- Parameters:`/`- Parameter x:`, `- Returns:`, `- Throws:`);
  - the README's library example does not compile as another package's code would see ReceiptKit: against the
    built module under a different package name, so `package` declarations stay out of its reach.

The symbol graph comes from swift-symbolgraph-extract over the debug build's modules (built first if stale), at
access level public; a module's extensions of the other's types count as its own. --update rewrites the listings.

    scripts/api-listing.py [--update]
"""
import json, os, re, shutil, subprocess, sys, tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
MODULES = ['ReceiptKit', 'ReceiptAudit']
SWIFT = os.environ.get('SWIFT', 'swift')
CALLABLE = {'swift.func', 'swift.method', 'swift.type.method', 'swift.init', 'swift.subscript', 'swift.type.subscript'}


def run(args, **kwargs):
    return subprocess.run(args, cwd=ROOT, check=True, text=True, stdout=subprocess.PIPE, **kwargs).stdout.strip()


def toolchain():
    """The target triple, the SDK flags (macOS) and the include flags a client of the libraries compiles with."""
    info = json.loads(run([SWIFT, '-print-target-info']))
    sdk = ['-sdk', run(['xcrun', '--show-sdk-path'])] if shutil.which('xcrun') else []
    cflags = run(['pkg-config', '--cflags', 'openssl', 'sqlite3']).split()
    shims = [f for shim in ('COpenSSL', 'CSQLite') for f in ('-I', os.path.join(ROOT, 'Sources', shim))]
    includes = shims + [f for flag in cflags for f in ('-Xcc', flag)]
    return info['target']['triple'], sdk, includes


def declaration(symbol):
    text = ''.join(fragment['spelling'] for fragment in symbol['declarationFragments'])
    return re.sub(r'\s+', ' ', text).strip()


def entry(symbol):
    """One line of the listing: where the symbol sits and how it is declared."""
    return '.'.join(symbol['pathComponents']) + ' | ' + declaration(symbol)


def missing_docs(symbol, module):
    """What the symbol's doc comment leaves out; empty when it is complete."""
    if 'location' not in symbol:
        return []  # made by the compiler (a raw-value enum's init(rawValue:)): nothing to write a comment on
    doc = symbol.get('docComment')
    if not doc or doc.get('module', module) not in MODULES:
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


def symbols(module, bin_path, triple, sdk, includes):
    with tempfile.TemporaryDirectory() as out:
        run(['swift-symbolgraph-extract', '-module-name', module, '-target', triple, *sdk,
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


def check_listing(module, listing, update):
    """Writes the listing (--update) or compares it with the committed one; 1 when they differ."""
    path = os.path.join(ROOT, 'api', module + '.txt')
    if update:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as file:
            file.writelines(line + '\n' for line in listing)
        print(f'api-listing: wrote {len(listing)} public symbols to {os.path.relpath(path, ROOT)}')
        return 0
    if read_lines(path) == listing:
        return 0
    committed = set(read_lines(path))
    for line in sorted(committed - set(listing)):
        print(f'api-listing: {module}: no longer public: {line}', file=sys.stderr)
    for line in listing:
        if line not in committed:
            print(f'api-listing: {module}: newly public: {line}', file=sys.stderr)
    print(f'api-listing: the public API differs from api/{module}.txt; if that is meant, run '
          'scripts/api-listing.py --update and commit the listing', file=sys.stderr)
    return 1


def check_docs(module, found):
    """Names every public symbol whose doc comment is missing or incomplete; 1 when there is one."""
    status = 0
    for symbol in sorted(found, key=entry):
        missing = missing_docs(symbol, module)
        if missing:
            where = symbol.get('location', {}).get('uri', '').replace('file://' + ROOT + '/', '')
            line_number = symbol.get('location', {}).get('position', {}).get('line', -1) + 1
            print(f'api-listing: {where}:{line_number}: {entry(symbol)}: no {", ".join(missing)}', file=sys.stderr)
            status = 1
    return status


def main():
    update = sys.argv[1:] == ['--update']
    run([SWIFT, 'build', '--target', 'ReceiptAudit'], stderr=subprocess.STDOUT)
    bin_path = run([SWIFT, 'build', '--show-bin-path'])
    triple, sdk, includes = toolchain()
    status = 0
    for module in MODULES:
        found = symbols(module, bin_path, triple, sdk, includes)
        status |= check_listing(module, sorted({entry(symbol) for symbol in found}), update)
        status |= check_docs(module, found)
    errors = readme_example_errors(bin_path, triple, sdk, includes)
    if errors:
        print("api-listing: the README's library example does not compile as another package's code:\n" + errors,
              file=sys.stderr)
        status = 1
    sys.exit(status)


if __name__ == '__main__':
    main()
