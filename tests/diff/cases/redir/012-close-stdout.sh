echo hidden >&-  2>/dev/null
echo "status nonzero: $([ $? -ne 0 ] && echo yes || echo no)"
(echo x 1>&-) 2>/dev/null; echo done
