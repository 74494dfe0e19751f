cat <<-EOF
	tab-indented
		two tabs
	    tab then spaces
	EOF
echo after
