f() {
	cat <<-END
		indented $1
	END
}
f arg
