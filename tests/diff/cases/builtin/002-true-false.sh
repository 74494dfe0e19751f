true; echo $?
false; echo $?
true ignored args; echo $?
