umask 077
: > f
ls -l f | cut -c1-10
umask 022
: > g
ls -l g | cut -c1-10
