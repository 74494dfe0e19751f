echo visible
# final comment without newline