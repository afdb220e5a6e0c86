module atelier

go 1.26

require github.com/HugoSmits86/nativewebp v0.9.3
