# tests/diff/sample/fixture.sh — the scratch folder every sample command
# starts from (run once by run.sh with bash, then copied per command): a
# small C project under git, logs, CSV, JSON, a folder with spaces.
set -e
mkdir -p home w
printf '[user]\n\tname = Sample\n\temail = sample@example.com\n[init]\n\tdefaultBranch = main\n' >home/.gitconfig
cd w
mkdir -p src include scripts docs "my dir" logs build empty
cat >src/main.c <<'C'
#include <stdio.h>
#include "util.h"

int main(int argc, char **argv)
{
	/* TODO: parse options */
	printf("hello %d\n", add(1, 2));
	return 0;
}
C
cat >src/util.c <<'C'
#include "util.h"

int add(int a, int b)
{
	return a + b; /* FIXME overflow */
}

int sub(int a, int b)
{
	return a - b;
}
C
cat >include/util.h <<'C'
#ifndef UTIL_H
#define UTIL_H
int add(int a, int b);
int sub(int a, int b);
#endif
C
cat >README.md <<'M'
# Sample project

A tiny program used by the sample commands.

## Build

Run `make` or scripts/build.sh.

## TODO

- tests
- docs
M
cat >Makefile <<'M'
CFLAGS = -O2 -Wall
all: app
app: src/main.c src/util.c
	$(CC) $(CFLAGS) -Iinclude -o $@ $^
clean:
	rm -f app
M
cat >scripts/build.sh <<'S'
#!/bin/sh
set -e
echo "building $1"
S
chmod +x scripts/build.sh
cat >data.csv <<'D'
id,name,city,score
1,alice,Paris,90
2,bob,Berlin,75
3,carol,Paris,82
4,dave,Madrid,60
5,eve,Berlin,95
D
cat >config.json <<'J'
{
  "name": "sample",
  "version": "1.2.3",
  "debug": false,
  "ports": [8080, 8081]
}
J
cat >logs/app.log <<'L'
2024-01-01 10:00:01 INFO server started on port 8080
2024-01-01 10:00:05 WARN slow request /api/users 1200ms
2024-01-01 10:01:00 ERROR database timeout after 30s
2024-01-01 10:02:10 INFO request /api/items 200
2024-01-01 10:03:00 ERROR connection refused: redis
2024-01-01 10:04:00 INFO shutting down
L
printf 'error: disk full\nok\n' >logs/old.log
printf 'one\ntwo\nthree\nfour\nfive\n' >notes.txt
printf '3\n1\n2\n10\n2\n' >numbers.txt
printf 'content one\n' >"my dir/file one.txt"
printf 'content two\n' >"my dir/file two.txt"
printf 'secret=1\n' >.env
printf 'x\n' >build/out.o
printf 'a-b-c.txt\n' >docs/names.txt
touch docs/a-b.md docs/c-d.md
find . -exec touch -h -d '2024-01-02 03:04:05 UTC' {} +
git init -q
git add -A
GIT_AUTHOR_DATE='2024-01-02T03:04:05Z' GIT_COMMITTER_DATE='2024-01-02T03:04:05Z' \
	git commit -qm 'Initial commit'
printf '\nint mul(int a, int b)\n{\n\treturn a * b;\n}\n' >>src/util.c
git add src/util.c
GIT_AUTHOR_DATE='2024-01-03T03:04:05Z' GIT_COMMITTER_DATE='2024-01-03T03:04:05Z' \
	git commit -qm 'Add mul'
echo '- more tests' >>README.md
printf 'tmp\n' >untracked.txt
find . -path ./.git -prune -o -exec touch -h -d '2024-01-02 03:04:05 UTC' {} +
# few files: each command starts from a copy of this folder
git gc -q --prune=now
rm -rf .git/hooks .git/logs .git/description .git/info .git/COMMIT_EDITMSG
