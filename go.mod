module atelier

go 1.26

require (
	github.com/HugoSmits86/nativewebp v0.9.3
	github.com/anthropics/anthropic-sdk-go v1.84.0
	github.com/spf13/cobra v1.10.2
	github.com/tmaxmax/go-sse v0.11.0
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	github.com/tidwall/gjson v1.18.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
)
