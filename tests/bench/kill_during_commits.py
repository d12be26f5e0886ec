#!/usr/bin/env python3
"""Issue 33's kill test: multi-output runs of runnel-cli without HOME (env -i) killed with SIGKILL, then the
next runnel process writes into the folder; every time the outputs must be one run's whole set.

  tests/bench/kill_during_commits.py build/app/runnel-cli [TRIES] [--at-journal]

Two runs (seeds 3 and 4) alternate on the same output names. By default each is killed at a random moment
between 40% and 100% of a run's time; with --at-journal, the moment its commit journal appears beside the
outputs (the renames have begun). Prints how many kills landed and how many sets were mixed."""
import hashlib, os, random, signal, subprocess, sys, tempfile, time

cli = os.path.abspath(sys.argv[1])
tries = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 100
at_journal = "--at-journal" in sys.argv
env = {"PATH": "/usr/bin:/bin"}  # no HOME, no XDG_STATE_HOME: the journal goes beside the outputs
os.chdir(tempfile.mkdtemp())
files = ["out.r32", "out.r32.json", "er.r32", "dep.r32"]

def erode(src, folder):
    return [cli, "erode", src, "-o", folder + "/out.r32", "--eroded", folder + "/er.r32", "--deposited",
            folder + "/dep.r32", "--stats", folder + "/st.json", "--droplets", "60000", "--edges", "clamp",
            "--threads", "1", "-q"]

def digest(folder):
    return [hashlib.md5(open(folder + "/" + f, "rb").read()).hexdigest() if os.path.exists(folder + "/" + f)
            else None for f in files]

for name, seed in (("A", 3), ("B", 4)):
    subprocess.run([cli, "generate", "--size", "512", "--seed", str(seed), "-o", name + ".r32", "-q"], check=True)
    os.makedirs("ref" + name)
    start = time.time()
    subprocess.run(erode(name + ".r32", "ref" + name), env=env, check=True)
    seconds = time.time() - start
refs = [digest("refA"), digest("refB")]
os.makedirs("K")
landed = mixed = 0
for i in range(tries):
    p = subprocess.Popen(erode("A.r32" if i % 2 == 0 else "B.r32", "K"), env=env)
    if at_journal:
        while p.poll() is None:
            if any(n.startswith(".runnel-commit-") for n in os.listdir("K")):
                os.kill(p.pid, signal.SIGKILL)
                break
    else:
        time.sleep(seconds * random.uniform(0.4, 1.0))
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
    landed += p.wait() == -signal.SIGKILL
    subprocess.run([cli, "generate", "--size", "8", "-o", "K/probe.r32", "-q"], env=env, check=True)
    got = digest("K")
    if got not in refs and got != [None] * len(files):
        mixed += 1
        print("mixed after try", i, file=sys.stderr)
print("%d runs, %d killed; mixed sets after the next process: %d; hidden files left: %d" %
      (tries, landed, mixed, sum(n.startswith(".") for n in os.listdir("K"))))
sys.exit(1 if mixed else 0)
