if false; true; then echo last-counts; fi
if x=1; [ "$x" = 1 ]; then echo x-is-1; fi
if ! false; then echo negated; fi
