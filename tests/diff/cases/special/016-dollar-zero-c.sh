sh -c 'echo $0' myname
sh -c 'echo $0 $1 $2' name a b
