mkdir d
(cd d && pwd | sed 's|.*/||')
pwd | sed 's|.*/||' | grep -qv '^d$' && echo "parent cwd unchanged"
