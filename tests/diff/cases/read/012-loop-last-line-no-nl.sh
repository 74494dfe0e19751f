printf 'x\ny' | while read l || [ -n "$l" ]; do echo "[$l]"; done
