echo before
if() { echo x; }
