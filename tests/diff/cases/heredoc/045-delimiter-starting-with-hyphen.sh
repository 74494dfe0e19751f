cat << -END
foo
END
-END
