echo before-error
if then fi
echo never
