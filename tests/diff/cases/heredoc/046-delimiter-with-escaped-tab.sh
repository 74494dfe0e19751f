cat <<-END\	HERE
foo
	END	HERE
