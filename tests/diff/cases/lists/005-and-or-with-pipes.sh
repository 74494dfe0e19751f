echo x | grep -q x && echo found || echo missing
echo x | grep -q y && echo found || echo missing
