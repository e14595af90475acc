#!/usr/bin/env python3
"""Changes a few digits of an SDPA sparse file's entry values, reproducibly.

usage: fuzz_digits.py IN.dat-s OUT.dat-s SEED [COUNT]

With random.Random(SEED): COUNT (default 3) distinct entry lines of the matrices F_0..F_m are drawn; in each,
one digit of the value's mantissa (not its first, so the magnitude is kept) is replaced by a different digit.
The header (m, blocks, sizes, costs) is kept, so the result is a valid SDPA problem of the same shape.
"""
import random
import sys


def main():
    src, dst, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    rng = random.Random(seed)
    lines = open(src).read().split('\n')
    # entry lines: five tokens after the header's four non-comment lines
    body, seen = [], 0
    for k, line in enumerate(lines):
        t = line.split()
        if not t or line.lstrip().startswith(('"', '*')):
            continue
        seen += 1
        if seen > 4 and len(t) == 5:
            mantissa = t[4].lower().split('e')[0]
            digits = [p for p, ch in enumerate(mantissa) if ch.isdigit()]
            if len(digits) > 1:
                body.append(k)
    for k in sorted(rng.sample(body, count)):
        t = lines[k].split()
        value = t[4]
        mantissa = value.lower().split('e')[0]
        digits = [p for p, ch in enumerate(mantissa) if ch.isdigit()]
        first = next(p for p in digits if mantissa[p] != '0') if any(mantissa[p] != '0' for p in digits) else digits[0]
        choices = [p for p in digits if p > first]
        if not choices:
            continue
        p = rng.choice(choices)
        new = rng.choice([d for d in '0123456789' if d != value[p]])
        t[4] = value[:p] + new + value[p + 1:]
        print(f'line {k + 1}: {value} -> {t[4]}', file=sys.stderr)
        lines[k] = ' '.join(t)
    open(dst, 'w').write('\n'.join(lines))


if __name__ == '__main__':
    main()
