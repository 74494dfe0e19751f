(eval 'x=(touch made-by-eval)') 2>/dev/null
echo "status $?"
ls
echo x=${x-unset}
