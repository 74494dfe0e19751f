trap 'echo parent-handler' USR1
(trap 'echo sub-handler' USR1; kill -USR1 $$ 2>/dev/null; echo sub-done)
echo end
