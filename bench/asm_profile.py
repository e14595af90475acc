#!/usr/bin/env python3
"""Annotates JIT-compiled machine code with profile samples, instruction by instruction.

Reads the output of `-XX:+PrintAssembly` (HotSpot prints each nmethod's code as hex words when no hsdis
disassembler is installed) and a histogram of sampled instruction addresses (`perf script -F ip | sort |
uniq -c`), disassembles each printed nmethod that holds at least MIN_SAMPLES samples with `objdump`, and
writes it with each instruction's sample count in front to OUT_DIR/<method>_<address>.txt; prints one line
per such nmethod and the hottest instructions of each. A sample usually lands on the instruction after the
one that waited. Used by bench/asm-profile.sh; see there for the whole procedure.

Usage: asm_profile.py ASSEMBLY.txt SAMPLES.txt MIN_SAMPLES OUT_DIR
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

NMETHOD = re.compile(r'Compiled method \((c1|c2)\)\s+\d+\s+\d+\s+\S*\s+(\S+)')
HEX_LINE = re.compile(r'\s*0x([0-9a-f]+): ((?:[0-9a-f]{2,8}\s*\|?\s*)+)$')
OBJDUMP_LINE = re.compile(r'^\s*([0-9a-f]+):')


def read_samples(path):
    """Address -> sample count, from `uniq -c` lines of hexadecimal addresses."""
    samples = collections.Counter()
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                samples[int(parts[1], 16)] += int(parts[0])
    return samples


def read_nmethods(path):
    """The printed nmethods: kind, name and their code bytes by address."""
    methods = []
    current = None
    with open(path, errors='replace') as f:
        for line in f:
            m = NMETHOD.search(line)
            if m:
                current = {'kind': m.group(1), 'name': m.group(2), 'bytes': {}}
                methods.append(current)
                continue
            m = HEX_LINE.match(line)
            if m and current is not None:
                address = int(m.group(1), 16)
                digits = re.sub(r'[\s|]', '', m.group(2))
                for i in range(0, len(digits), 2):
                    current['bytes'][address + i // 2] = int(digits[i:i + 2], 16)
    return [m for m in methods if m['bytes']]


def disassemble(method, samples, out_dir):
    """Writes the annotated disassembly; returns its path and the hottest lines."""
    low, high = min(method['bytes']), max(method['bytes'])
    code = bytes(method['bytes'].get(a, 0x90) for a in range(low, high + 1))
    with tempfile.NamedTemporaryFile(suffix='.bin') as binary:
        binary.write(code)
        binary.flush()
        listing = subprocess.run(['objdump', '-D', '-b', 'binary', '-mi386:x86-64', '--adjust-vma=%#x' % low,
                                  binary.name], capture_output=True, text=True, check=True).stdout
    annotated = []
    for line in listing.splitlines():
        m = OBJDUMP_LINE.match(line)
        count = samples.get(int(m.group(1), 16), 0) if m else None
        annotated.append(('%7d ' % count if count is not None else ' ' * 8) + line)
    name = method['name'].split('::')[-1]
    path = os.path.join(out_dir, '%s_%x.txt' % (name, low))
    with open(path, 'w') as f:
        f.write('\n'.join(annotated) + '\n')
    hottest = sorted((l for l in annotated if l[:7].strip().isdigit() and int(l[:7]) > 0),
                     key=lambda l: -int(l[:7]))[:5]
    return path, hottest


def main(argv):
    if len(argv) != 5:
        sys.exit(__doc__.strip().splitlines()[-1])
    samples = read_samples(argv[2])
    minimum = int(argv[3])
    os.makedirs(argv[4], exist_ok=True)
    for method in read_nmethods(argv[1]):
        low, high = min(method['bytes']), max(method['bytes'])
        count = sum(n for a, n in samples.items() if low <= a <= high)
        if count < minimum:
            continue
        path, hottest = disassemble(method, samples, argv[4])
        print('%s %s: %d samples -> %s' % (method['kind'], method['name'], count, path))
        for line in hottest:
            print('   ' + line)


if __name__ == '__main__':
    main(sys.argv)
