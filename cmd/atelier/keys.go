package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"atelier/client"
)

func (a *app) keysCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "keys set|delete GROUP | keys status",
		Short: "Keep each endpoint group's key in the OS keyring",
		Long: "Keys live in the OS keyring (Secret Service, Keychain, Credential Manager), one per group:\n" +
			"alpha, beta, gamma, queue. ATELIER_<GROUP>_KEY in the environment overrides the keyring.\n" +
			"No key is ever printed, logged or written to the history or a config file.",
	}
	set := &cobra.Command{
		Use:   "set GROUP",
		Short: "Store a group's key, read from stdin without echo",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			g, err := parseGroup(args[0])
			if err != nil {
				return err
			}
			key, err := a.readSecret(fmt.Sprintf("%s key: ", g))
			if err != nil {
				return err
			}
			if err := a.keys().Set(g, key); err != nil {
				return err
			}
			fmt.Fprintf(a.io.out, "%s key stored in the keyring\n", g)
			return nil
		},
	}
	del := &cobra.Command{
		Use:   "delete GROUP",
		Short: "Remove a group's key from the keyring",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			g, err := parseGroup(args[0])
			if err != nil {
				return err
			}
			if err := a.keys().Delete(g); err != nil {
				return err
			}
			fmt.Fprintf(a.io.out, "%s key removed from the keyring\n", g)
			return nil
		},
	}
	status := &cobra.Command{
		Use:   "status",
		Short: "Say where each group's key comes from: keyring, environment or none",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			problem := ""
			for _, st := range a.keys().Status() {
				if st.Problem != "" {
					problem = st.Problem
				}
				st.Problem = ""
				fmt.Fprintln(a.io.out, st.String())
			}
			if problem != "" {
				fmt.Fprintln(a.io.out, "keyring: "+problem)
			}
			return nil
		},
	}
	cmd.AddCommand(set, del, status)
	return cmd
}

func parseGroup(s string) (client.Group, error) {
	g, err := client.ParseGroup(s)
	if err != nil {
		return "", usageError{err}
	}
	return g, nil
}

// readSecret reads one line from stdin; on a terminal it prompts on stderr
// and does not echo what is typed.
func (a *app) readSecret(prompt string) (string, error) {
	if f, ok := a.io.in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(a.io.err, prompt)
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(a.io.err)
		if err != nil {
			return "", fmt.Errorf("read key: %w", err)
		}
		return strings.TrimSpace(string(b)), nil
	}
	line, err := bufio.NewReader(a.io.in).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", fmt.Errorf("read key: %w", err)
	}
	key := strings.TrimSpace(line)
	if key == "" {
		return "", usagef("no key on stdin")
	}
	return key, nil
}
