print("tweak")
