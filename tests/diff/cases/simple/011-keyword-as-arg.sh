echo if then else fi do done case esac while until for in
echo { } !
