package server

import (
	"crypto/subtle"
	"strings"

	"github.com/cqlplay/cqlplay/server/proto"
)

// Credentials are the one user PasswordAuthenticator lets in (Options.Auth).
type Credentials struct {
	User, Password string
}

// authenticator is the class Cassandra names in AUTHENTICATE, which drivers
// check against the authenticators they know (gocql's
// PasswordAuthenticator.AllowedAuthenticators).
const authenticator = "org.apache.cassandra.auth.PasswordAuthenticator"

// authenticate answers AUTH_RESPONSE as PasswordAuthenticator's
// PlainTextSaslAuthenticator does: the token is SASL PLAIN
// (authzId NUL authnId NUL password), one round, then AUTH_SUCCESS with no
// token, or an AuthenticationError (0x0100) with its message; the client
// may answer again on the same connection, as Cassandra lets it.
func (c *conn) authenticate(r *proto.Reader) (*response, *wireError) {
	token := r.Bytes()
	if r.Err() != nil {
		return nil, protocolError("Invalid AUTH_RESPONSE message: " + r.Err().Error())
	}
	user, pass, msg := decodePlain(token)
	if msg != "" {
		return nil, authError(msg)
	}
	want := c.s.opts.Auth
	okUser := subtle.ConstantTimeCompare([]byte(user), []byte(want.User))
	okPass := subtle.ConstantTimeCompare([]byte(pass), []byte(want.Password))
	if okUser&okPass != 1 {
		return nil, authError("Provided username " + strings.ToValidUTF8(user, "\uFFFD") + " and/or password are incorrect")
	}
	c.authenticating = false
	var w proto.Writer
	w.Bytes(nil) // AuthSuccess: the negotiator's last token, none for PLAIN
	return &response{op: proto.OpAuthSuccess, body: w.B}, nil
}

// decodePlain is PlainTextSaslAuthenticator.decodeCredentials: the token is
// read from its end, the last NUL-separated part the password, the one
// before it the user; an authzId before them is ignored. msg is its
// AuthenticationException's message when the token is malformed.
func decodePlain(b []byte) (user, pass string, msg string) {
	var u, p []byte
	var haveU, haveP bool
	end := len(b)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0 {
			continue
		}
		switch {
		case !haveP:
			p, haveP = b[i+1:end], true
		case !haveU:
			u, haveU = b[i+1:end], true
		default:
			return "", "", `Credential format error: username or password is empty or contains NUL(\0) character`
		}
		end = i
	}
	if len(p) == 0 {
		return "", "", "Password must not be null"
	}
	if len(u) == 0 {
		return "", "", "Authentication ID must not be null"
	}
	return string(u), string(p), ""
}
