v=val
cat <<-'EOF'
	$v stays
	EOF
