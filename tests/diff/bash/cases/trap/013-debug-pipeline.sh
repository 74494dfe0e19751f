# Each simple command of a pipeline runs DEBUG (in its own process)
trap 'echo "$BASH_COMMAND" >>log' DEBUG
echo a | tr a b | cat
trap - DEBUG
sort log
