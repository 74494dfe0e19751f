# expect: status=2 stderr=Bad file descriptor
echo x >&99
