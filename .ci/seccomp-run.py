#!/usr/bin/python3
"""Runs a command under the seccomp filter that a systemd unit's settings describe.

Usage: seccomp-run.py UNIT_FILE -- COMMAND [ARGS...]

Reads SystemCallFilter=, SystemCallErrorNumber= and RestrictAddressFamilies= from the unit and
installs what systemd installs for them (src/shared/seccomp-util.c): an allow list of the named
system calls (groups expanded by `systemd-analyze syscall-filter`, @default always allowed) whose
default action kills the process, or fails the call with the given errno when
SystemCallErrorNumber= is set; and socket() of an address family not listed failing with
EAFNOSUPPORT. Then it execs the command, so a unit's filter can be tried on a machine whose PID 1
is not systemd. Needs Debian's python3-seccomp.
"""

import errno
import os
import socket
import subprocess
import sys

import seccomp


def unit_settings(path):
    settings = {}
    with open(path, encoding="utf-8") as unit:
        for line in unit:
            line = line.strip()
            if not line or line.startswith(("#", ";", "[")) or "=" not in line:
                continue
            key, value = line.split("=", 1)
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


def expand(names, seen=None):
    """System call names of a filter line, groups expanded recursively."""
    seen = set() if seen is None else seen
    calls = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        if name.startswith("@"):
            listing = subprocess.run(
                ["systemd-analyze", "syscall-filter", name], check=True, capture_output=True, text=True
            ).stdout.splitlines()[1:]
            members = [m.strip() for m in listing if m.strip() and not m.strip().startswith("#")]
            calls |= expand(members, seen)
        else:
            calls.add(name)
    return calls


def build_filters(settings):
    lines = settings.get("SystemCallFilter", [])
    if any(line.startswith("~") for line in lines):
        sys.exit("seccomp-run: deny-list filters (~) are not supported by this check")
    allowed = expand(["@default"] + [n for line in lines for n in line.split()])
    number = (settings.get("SystemCallErrorNumber") or [None])[-1]
    if number is None:
        default = seccomp.KILL_PROCESS
    else:
        default = seccomp.ERRNO(getattr(errno, number) if not number.isdigit() else int(number))
    filt = seccomp.SyscallFilter(default)
    filters = [filt]
    for call in sorted(allowed):
        try:
            filt.add_rule(seccomp.ALLOW, call)
        except (RuntimeError, ValueError):
            pass  # not a system call of this architecture (e.g. arm_fadvise64_64 on x86-64)

    families = [f for line in settings.get("RestrictAddressFamilies", []) for f in line.split()]
    if families:
        if families[0].startswith("~"):
            sys.exit("seccomp-run: deny-list address families (~) are not supported by this check")
        allowed_families = {int(getattr(socket, f)) for f in families}
        # A second, stacked filter, as systemd installs it: an allowed socket() cannot carry
        # conditions in the first one. Any other family fails with EAFNOSUPPORT (AF_MAX < 64).
        afs = seccomp.SyscallFilter(seccomp.ALLOW)
        for fam in range(64):
            if fam not in allowed_families:
                afs.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), "socket", seccomp.Arg(0, seccomp.EQ, fam))
        filters.append(afs)
    return filters


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__.split("\n\n")[1])
    settings = unit_settings(sys.argv[1])
    filters = build_filters(settings)
    command = sys.argv[3:]
    # The address-family filter first: once the allow list is in, seccomp() itself may be refused.
    for filt in reversed(filters):
        filt.load()
    os.execvp(command[0], command)


if __name__ == "__main__":
    main()
