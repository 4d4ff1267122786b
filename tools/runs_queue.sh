#!/usr/bin/env bash
# Every committed model run, one after another on this machine's cores: what P2's Tables 2-5 need, then P1's SoT grid,
# then the rest of P2. Each script resumes where it stopped, so rerunning this after a crash loses no finished work.
set -u
here=$(dirname "$0")
PART=a "$here/p2_runs.sh"
"$here/p1_runs.sh"
PART=b "$here/p2_runs.sh"
