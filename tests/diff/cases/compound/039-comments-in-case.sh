case b in
	# comment before item
	a) echo a ;; # trailing comment
	b) # comment after pattern
		echo b
		;;
esac
for i in 1 # comment after list
do echo $i; done
