(echo sub) | tr a-z A-Z
echo x | { read y; echo "y=$y"; }
