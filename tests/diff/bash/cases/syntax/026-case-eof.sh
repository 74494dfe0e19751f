# the input ends inside a case
case x in a) echo a;;
