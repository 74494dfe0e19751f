# cd's errors as bash words them, and their statuses
cd /nonexistent-sbxsh
echo "missing: $?"
cd /etc/passwd
echo "file: $?"
cd / /tmp
echo "two: $?"
cd -x
echo "option: $?"
(unset OLDPWD; cd -; echo "no OLDPWD: $?")
(unset HOME; cd; echo "no HOME: $?")
cd /tmp && cd - && pwd
