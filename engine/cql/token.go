package cql

// Kind is the lexical class of a token. Lex reports it for syntax highlighting;
// the parser dispatches on it.
type Kind uint8

// The token kinds. TokKeyword tokens also carry which keyword (Token.Kw).
const (
	TokIllegal     Kind = iota // bad input: an unknown character, an unterminated string, ...
	TokEOF                     // end of input (never returned by Lex)
	TokComment                 // -- ..., // ..., /* ... */
	TokDirective               // a comment line `-- @name args` standing on its own line
	TokKeyword                 // SELECT, FROM, key, text, ... (reserved or not)
	TokIdent                   // an unquoted identifier that is not a keyword
	TokQuotedIdent             // "Quoted"
	TokString                  // 'text' or $$text$$
	TokNumber                  // 12, -3, 1.5, 1e10, NaN, -Infinity
	TokUUID                    // 5132b130-ae79-11e4-ab27-0800200c9a66
	TokHex                     // 0xcafe
	TokDuration                // 1h30m, P1D, -3d
	TokBoolean                 // true, false
	TokNull                    // null
	TokOperator                // = != < <= > >= + - * / % += -=
	TokPunct                   // ( ) [ ] { } , ; . :
	TokBindMarker              // ? or :name
)

var kindNames = [...]string{
	TokIllegal: "Illegal", TokEOF: "EOF", TokComment: "Comment", TokDirective: "Directive",
	TokKeyword: "Keyword", TokIdent: "Ident", TokQuotedIdent: "QuotedIdent", TokString: "String",
	TokNumber: "Number", TokUUID: "UUID", TokHex: "Hex", TokDuration: "Duration", TokBoolean: "Boolean",
	TokNull: "Null", TokOperator: "Operator", TokPunct: "Punct", TokBindMarker: "BindMarker",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// Token is one lexeme: its class and its byte span [Start, End) in the source.
// Kw names the keyword when Kind is TokKeyword (and for null, NaN and Infinity,
// whose Kind is TokNull or TokNumber).
type Token struct {
	Kind  Kind
	Kw    KeywordID
	Start int
	End   int
}

// KeywordID identifies one of CQL's keywords (Cassandra's Lexer.g K_* rules).
// Keywords before kwReservedEnd are reserved: they are never identifiers.
// The others are "unreserved": Parser.g's unreserved_keyword accepts them as
// identifiers, so `key`, `type`, `ttl`, `text` or `date` can name a column.
type KeywordID uint8

const (
	KwNone KeywordID = iota

	kwReservedBegin
	KwAdd
	KwAllow
	KwAlter
	KwAnd
	KwApply
	KwAsc
	KwAuthorize
	KwBatch
	KwBegin
	KwBy
	KwTable
	KwCreate
	KwDelete
	KwDesc
	KwDescribe
	KwDrop
	KwEntries
	KwExecute
	KwFrom
	KwFull
	KwGrant
	KwIf
	KwIn
	KwIndex
	KwInfinity
	KwInsert
	KwInto
	KwIs
	KwKeyspace
	KwLimit
	KwMaterialized
	KwModify
	KwNan
	KwNorecursive
	KwNot
	KwNull
	KwOf
	KwOn
	KwOr
	KwOrder
	KwPrimary
	KwRename
	KwRevoke
	KwSchema
	KwSelect
	KwSet
	KwTo
	KwToken
	KwTruncate
	KwUnlogged
	KwUpdate
	KwUse
	KwUsing
	KwView
	KwWhere
	KwWith
	kwReservedEnd

	// Unreserved keywords: valid identifiers where Parser.g's unreserved_keyword is.
	kwUnreservedBegin
	KwTtl
	KwCount
	KwWritetime
	KwKey
	KwCast
	KwJson
	KwDistinct
	KwKeys
	KwAs
	KwCluster
	KwClustering
	KwCompact
	KwStorage
	KwTables
	KwType
	KwTypes
	KwValues
	KwMap
	KwList
	KwFiltering
	KwPermission
	KwPermissions
	KwKeyspaces
	KwAll
	KwUser
	KwUsers
	KwRole
	KwRoles
	KwSuperuser
	KwSuperusers
	KwNosuperuser
	KwLogin
	KwNologin
	KwOptions
	KwPassword
	KwExists
	KwCustom
	KwTrigger
	KwContains
	KwInternals
	KwOnly
	KwStatic
	KwFrozen
	KwTuple
	KwFunction
	KwFunctions
	KwAggregate
	KwAggregates
	KwSfunc
	KwStype
	KwFinalfunc
	KwInitcond
	KwReturns
	KwLanguage
	KwCalled
	KwInput
	KwLike
	KwPer
	KwPartition
	KwGroup
	KwDatacenters
	KwAccess
	KwDefault
	KwMbean
	KwMbeans
	KwReplace
	KwUnset

	// The native types (unreserved_function_keyword: valid function names too).
	kwTypeBegin
	KwAscii
	KwBigint
	KwBlob
	KwBoolean
	KwCounter
	KwDecimal
	KwDouble
	KwDuration
	KwFloat
	KwInet
	KwInt
	KwSmallint
	KwText
	KwTimestamp
	KwTinyint
	KwUuid
	KwVarchar
	KwVarint
	KwTimeuuid
	KwDate
	KwTime
	kwTypeEnd
	kwUnreservedEnd
)

// keywordNames is each keyword in lower case, indexed by Keyword.
var keywordNames = [...]string{
	KwAdd:          "add",
	KwAllow:        "allow",
	KwAlter:        "alter",
	KwAnd:          "and",
	KwApply:        "apply",
	KwAsc:          "asc",
	KwAuthorize:    "authorize",
	KwBatch:        "batch",
	KwBegin:        "begin",
	KwBy:           "by",
	KwTable:        "table",
	KwCreate:       "create",
	KwDelete:       "delete",
	KwDesc:         "desc",
	KwDescribe:     "describe",
	KwDrop:         "drop",
	KwEntries:      "entries",
	KwExecute:      "execute",
	KwFrom:         "from",
	KwFull:         "full",
	KwGrant:        "grant",
	KwIf:           "if",
	KwIn:           "in",
	KwIndex:        "index",
	KwInfinity:     "infinity",
	KwInsert:       "insert",
	KwInto:         "into",
	KwIs:           "is",
	KwKeyspace:     "keyspace",
	KwLimit:        "limit",
	KwMaterialized: "materialized",
	KwModify:       "modify",
	KwNan:          "nan",
	KwNorecursive:  "norecursive",
	KwNot:          "not",
	KwNull:         "null",
	KwOf:           "of",
	KwOn:           "on",
	KwOr:           "or",
	KwOrder:        "order",
	KwPrimary:      "primary",
	KwRename:       "rename",
	KwRevoke:       "revoke",
	KwSchema:       "schema",
	KwSelect:       "select",
	KwSet:          "set",
	KwTo:           "to",
	KwToken:        "token",
	KwTruncate:     "truncate",
	KwUnlogged:     "unlogged",
	KwUpdate:       "update",
	KwUse:          "use",
	KwUsing:        "using",
	KwView:         "view",
	KwWhere:        "where",
	KwWith:         "with",
	KwTtl:          "ttl",
	KwCount:        "count",
	KwWritetime:    "writetime",
	KwKey:          "key",
	KwCast:         "cast",
	KwJson:         "json",
	KwDistinct:     "distinct",
	KwKeys:         "keys",
	KwAs:           "as",
	KwCluster:      "cluster",
	KwClustering:   "clustering",
	KwCompact:      "compact",
	KwStorage:      "storage",
	KwTables:       "tables",
	KwType:         "type",
	KwTypes:        "types",
	KwValues:       "values",
	KwMap:          "map",
	KwList:         "list",
	KwFiltering:    "filtering",
	KwPermission:   "permission",
	KwPermissions:  "permissions",
	KwKeyspaces:    "keyspaces",
	KwAll:          "all",
	KwUser:         "user",
	KwUsers:        "users",
	KwRole:         "role",
	KwRoles:        "roles",
	KwSuperuser:    "superuser",
	KwSuperusers:   "superusers",
	KwNosuperuser:  "nosuperuser",
	KwLogin:        "login",
	KwNologin:      "nologin",
	KwOptions:      "options",
	KwPassword:     "password",
	KwExists:       "exists",
	KwCustom:       "custom",
	KwTrigger:      "trigger",
	KwContains:     "contains",
	KwInternals:    "internals",
	KwOnly:         "only",
	KwStatic:       "static",
	KwFrozen:       "frozen",
	KwTuple:        "tuple",
	KwFunction:     "function",
	KwFunctions:    "functions",
	KwAggregate:    "aggregate",
	KwAggregates:   "aggregates",
	KwSfunc:        "sfunc",
	KwStype:        "stype",
	KwFinalfunc:    "finalfunc",
	KwInitcond:     "initcond",
	KwReturns:      "returns",
	KwLanguage:     "language",
	KwCalled:       "called",
	KwInput:        "input",
	KwLike:         "like",
	KwPer:          "per",
	KwPartition:    "partition",
	KwGroup:        "group",
	KwDatacenters:  "datacenters",
	KwAccess:       "access",
	KwDefault:      "default",
	KwMbean:        "mbean",
	KwMbeans:       "mbeans",
	KwReplace:      "replace",
	KwUnset:        "unset",
	KwAscii:        "ascii",
	KwBigint:       "bigint",
	KwBlob:         "blob",
	KwBoolean:      "boolean",
	KwCounter:      "counter",
	KwDecimal:      "decimal",
	KwDouble:       "double",
	KwDuration:     "duration",
	KwFloat:        "float",
	KwInet:         "inet",
	KwInt:          "int",
	KwSmallint:     "smallint",
	KwText:         "text",
	KwTimestamp:    "timestamp",
	KwTinyint:      "tinyint",
	KwUuid:         "uuid",
	KwVarchar:      "varchar",
	KwVarint:       "varint",
	KwTimeuuid:     "timeuuid",
	KwDate:         "date",
	KwTime:         "time",
}

// String returns the keyword in upper case, as the printer writes it.
func (k KeywordID) String() string {
	if int(k) < len(keywordNames) && keywordNames[k] != "" {
		return upperASCII(keywordNames[k])
	}
	return ""
}

// Reserved reports whether k can never be an identifier.
func (k KeywordID) Reserved() bool { return k > kwReservedBegin && k < kwReservedEnd }

// isNativeType reports whether k names one of CQL's native types.
func (k KeywordID) isNativeType() bool { return k > kwTypeBegin && k < kwTypeEnd }

// kwTable is an open-addressing hash table of the keywords, with Lexer.g's
// aliases (COLUMNFAMILY for TABLE, COLUMNFAMILIES for TABLES). The lexer looks
// up every word, so the lookup is case-insensitive in place and allocation-free.
var kwTable = func() (t [1024]kwEntry) {
	add := func(name string, kw KeywordID) {
		h := kwHash(name)
		for t[h].kw != KwNone {
			h = (h + 1) & (len(t) - 1)
		}
		t[h] = kwEntry{name, kw}
	}
	for k, name := range keywordNames {
		if name != "" {
			add(name, KeywordID(k))
		}
	}
	add("columnfamily", KwTable)
	add("columnfamilies", KwTables)
	return t
}()

type kwEntry struct {
	name string
	kw   KeywordID
}

// kwHash hashes a word by its length and three letters, ignoring case.
func kwHash(w string) int {
	n := len(w)
	h := n*131 + int(w[0]|0x20)*31 + int(w[n-1]|0x20)*7 + int(w[n/2]|0x20)*17
	return h & 1023
}

// maxKeywordLen is the length of the longest keyword ("columnfamilies").
const maxKeywordLen = 14

// lookupKeyword returns the keyword word spells (in any case), or KwNone.
func lookupKeyword(word string) KeywordID {
	if len(word) > maxKeywordLen || len(word) < 2 {
		return KwNone
	}
	for h := kwHash(word); ; h = (h + 1) & (len(kwTable) - 1) {
		e := &kwTable[h]
		if e.kw == KwNone {
			return KwNone
		}
		if len(e.name) == len(word) && eqFold(word, e.name) {
			return e.kw
		}
	}
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
