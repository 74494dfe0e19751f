eval 'echo (' 2>/dev/null
echo "never: eval syntax error exits a non-interactive shell"
