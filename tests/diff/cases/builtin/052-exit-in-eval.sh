eval 'echo in-eval; exit 7'
echo never
