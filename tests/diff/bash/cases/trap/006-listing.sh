# trap and trap -p list ERR and RETURN after the signals, signals as SIGNAME
trap 'echo i' INT
trap '' TERM
trap 'echo x' EXIT
trap 'e' ERR
trap 'r' RETURN
trap
echo --
trap -p INT ERR RETURN
trap -p EXIT
trap - ERR RETURN INT TERM EXIT
trap
echo end
