v=hello
case $v in h*) echo "h-word" ;; esac
case "$(echo cmd)" in cmd) echo cmdsub ;; esac
p='h*'
case $v in $p) echo pattern-from-var ;; esac
