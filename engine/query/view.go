package query

import (
	"strings"

	"github.com/cqlplay/cqlplay/engine/cql"
	"github.com/cqlplay/cqlplay/engine/cqlerr"
	"github.com/cqlplay/cqlplay/engine/cqltype"
	"github.com/cqlplay/cqlplay/engine/schema"
	"github.com/cqlplay/cqlplay/engine/store"
)

// Materialized views are disabled in Cassandra 4.x's shipped cassandra.yaml;
// the playground's cluster runs with materialized_views_enabled: true, as
// lessons need them, and says so once per run (adviceViewsEnabled).
const mvExperimentalWarning = "Materialized views are experimental and are not recommended for production use."

// viewState is what a view needs beyond its schema: its filter and, per
// base partition, the view rows derived from it (so a base write can replace them).
type viewState struct {
	filter  *restrictions
	derived map[string][]viewRow
}

type viewRow struct {
	key        []byte
	clustering [][]byte
}

// createView validates CREATE MATERIALIZED VIEW as CreateViewStatement does,
// then builds the view from the base table's current data.
func (db *DB) createView(s *cql.CreateView) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	// CreateViewStatement.authorize: ALTER on the base table.
	if err := db.authorizeDDL(ksName, "ALTER", s.Base_.Name.Name); err != nil {
		return nil, err
	}
	ks := db.Schema.Keyspaces[ksName]
	if ks == nil {
		return nil, errNoSuchKeyspace(ksName)
	}
	if s.CompactStorage {
		return nil, errViewCompact()
	}
	name := s.Name.Name.Name
	// keyspace.tables holds no views: a view named as the base is no table.
	base := ks.Tables[s.Base_.Name.Name]
	if base == nil || base.View != nil {
		return nil, errViewNoBase(s.Base_.Name.Name)
	}
	if existing := ks.Tables[name]; existing != nil {
		if existing.View == nil {
			return nil, errViewNameTaken(name)
		}
		if s.IfNotExists {
			return &Result{}, nil
		}
		return nil, errTableExists(name, ksName)
	}
	if base.Counter {
		return nil, errViewOnCounters()
	}
	if base.GCGrace == 0 {
		return nil, errViewNoGrace(name, base.Name)
	}
	selected, err := db.viewSelection(base, name, s.Selectors)
	if err != nil {
		return nil, err
	}
	v, err := db.viewTable(ksName, name, base, s, selected)
	if err != nil {
		return nil, err
	}
	filter, err := db.viewFilter(base, v, s)
	if err != nil {
		return nil, err
	}
	// attrs.validate(): an unknown property is a SyntaxException, a bad
	// value a ConfigurationException; then the view's own refusal.
	if err := v.ViewProperties(s.Properties); err != nil {
		return nil, err
	}
	for _, p := range s.Properties {
		if p.Name.Name == "default_time_to_live" {
			return nil, errViewDefaultTTL()
		}
	}
	var where []string
	for _, r := range s.Where {
		where = append(where, r.Text)
	}
	v.View = &schema.View{Base: base, Where: strings.Join(where, " AND "), IncludeAll: len(s.Selectors) == 0}
	v.Created = db.Clock
	ks.Tables[name] = v
	base.Views = append(base.Views, v)
	if db.views == nil {
		db.views = map[*schema.Table]*viewState{}
	}
	db.views[v] = &viewState{filter: filter, derived: map[string][]viewRow{}}
	db.Data(base).Ascend(func(p *store.Partition) bool {
		db.refreshView(v, base, p.Key)
		return true
	})
	db.warn(mvExperimentalWarning)
	if !db.advice.once("mv-enabled") {
		return &Result{}, nil
	}
	db.advise(Advice{Rule: AdviceViewsEnabled})
	return &Result{}, nil
}

// viewSelection resolves the view's select list: plain column names only,
// every column for SELECT *; a static column among them is refused once the
// list is resolved (CreateViewStatement.apply).
func (db *DB) viewSelection(base *schema.Table, view string, items []cql.Selector) ([]*schema.Column, *cqlerr.Error) {
	var cols []*schema.Column
	if len(items) == 0 {
		cols = append(cols, base.Columns...)
	}
	for _, it := range items {
		if it.Alias != nil {
			return nil, errViewAlias(it.Expr.String(), it.Alias.Name)
		}
		ref, ok := it.Expr.(*cql.ColumnRef)
		if !ok {
			return nil, errViewSelector(it.Expr.String())
		}
		c, err := db.column(base, ref.Ident)
		if err != nil {
			return nil, err
		}
		cols = appendColumn(cols, c)
	}
	for _, c := range cols {
		if c.Kind == schema.Static {
			return nil, errViewStatic(c.Name, view)
		}
	}
	return cols, nil
}

// viewTable builds the view's schema and checks its primary key.
func (db *DB) viewTable(ks, name string, base *schema.Table, s *cql.CreateView, selected []*schema.Column) (*schema.Table, *cqlerr.Error) {
	if len(s.PartitionKey) == 0 {
		return nil, errViewNoPartitionKey(name)
	}
	isSelected := map[string]bool{}
	for _, c := range selected {
		isSelected[c.Name] = true
	}
	keyCols := append(append([]cql.Ident{}, s.PartitionKey...), s.Clustering...)
	inKey := map[string]bool{}
	for _, id := range keyCols {
		if base.Column(id.Name) == nil || !isSelected[id.Name] {
			return nil, errViewUnknownKeyColumn(id.Name, name)
		}
		inKey[id.Name] = true
	}
	if len(s.ClusteringOrder) > 0 {
		if len(s.ClusteringOrder) != len(s.Clustering) {
			return nil, errViewOrderMismatch()
		}
		for i, o := range s.ClusteringOrder {
			if o.Column.Name != s.Clustering[i].Name {
				return nil, errViewOrderMismatch()
			}
		}
	}
	var missing []string
	for _, c := range append(append([]*schema.Column{}, base.PartitionKey...), base.ClusteringCs...) {
		if !inKey[c.Name] {
			missing = append(missing, c.Name)
		}
	}
	if len(missing) > 0 {
		return nil, errViewMissingBaseKey(name, missing, base.Name)
	}
	// regularBaseTableColumnsInViewPrimaryKey: a HashSet too.
	var nonPK []string
	for _, id := range keyCols {
		if !base.Column(id.Name).IsPrimaryKey() {
			nonPK = append(nonPK, id.Name)
		}
	}
	nonPK = javaHashOrder(nonPK)
	if len(nonPK) > 1 {
		return nil, errViewTwoRegularKeys(nonPK)
	}
	v := &schema.Table{Keyspace: ks, Name: name, GCGrace: base.GCGrace, Options: map[string]string{}}
	desc := map[string]bool{}
	for _, o := range s.ClusteringOrder {
		desc[o.Column.Name] = o.Desc
	}
	for _, id := range s.PartitionKey {
		v.AddColumn(&schema.Column{Name: id.Name, Type: base.Column(id.Name).Type, Kind: schema.PartitionKey})
	}
	for _, id := range s.Clustering {
		v.AddColumn(&schema.Column{Name: id.Name, Type: base.Column(id.Name).Type, Kind: schema.Clustering, Desc: desc[id.Name]})
	}
	for _, c := range selected {
		if !inKey[c.Name] {
			v.AddColumn(&schema.Column{Name: c.Name, Type: c.Type, Kind: schema.Regular})
		}
	}
	return v, nil
}

// viewFilter checks the view's WHERE clause: every view key column must be
// restricted (IS NOT NULL or otherwise), other columns only by IS NOT NULL.
func (db *DB) viewFilter(base, v *schema.Table, s *cql.CreateView) (*restrictions, *cqlerr.Error) {
	restricted := map[string]bool{}
	var real []*cql.Relation
	for _, r := range s.Where {
		if r.Kind == cql.TokenRelation {
			return nil, errViewToken()
		}
		for _, c := range r.Columns {
			restricted[c.Name] = true
			bc := base.Column(c.Name)
			if bc == nil {
				return nil, db.undefinedColumn(base, c)
			}
			if r.Op != cql.OpIsNotNull && v.Column(c.Name) != nil && !v.Column(c.Name).IsPrimaryKey() || r.Op != cql.OpIsNotNull && v.Column(c.Name) == nil {
				return nil, errViewRegularRestricted(c.Name)
			}
		}
		if r.Op != cql.OpIsNotNull {
			real = append(real, r)
		}
	}
	var missing []string
	for _, c := range append(append([]*schema.Column{}, v.PartitionKey...), v.ClusteringCs...) {
		if !restricted[c.Name] {
			missing = append(missing, c.Name)
		}
	}
	if len(missing) > 0 {
		// CreateViewStatement filters primaryKeyColumns, a HashSet of the
		// view's key columns filled in PRIMARY KEY order: the missing ones
		// keep among themselves the order the set gives them.
		return nil, errViewKeyNullable(javaHashOrder(missing))
	}
	return db.analyse(base, selectStmt, real, true, false, true)
}

// refreshView replaces the view rows derived from one base partition with
// rows computed from its current content: the synchronous equivalent of
// Cassandra's view updates.
func (db *DB) refreshView(v, base *schema.Table, key []byte) {
	st := db.views[v]
	if st == nil {
		return
	}
	vdata := db.Data(v)
	for _, old := range st.derived[string(key)] {
		if p := vdata.ExistingForWrite(old.key); p != nil {
			p.RemoveRow(old.clustering)
			if p.IsEmpty() {
				vdata.Remove(p)
			}
		}
	}
	delete(st.derived, string(key))
	part := db.Data(base).Partition(key)
	if part == nil {
		return
	}
	now := db.NowSeconds()
	rc := &rowCtx{t: base, part: part, pkVals: splitKey(base, key), now: now}
	var derived []viewRow
	part.Ascend(store.All, func(r *store.Row) bool {
		rc.row, rc.del = r, part.DeletionAt(r.Clustering).Max(r.Deletion())
		if !rowIsLive(base, r, rc) || !viewFilterMatches(st.filter, rc) {
			return true
		}
		if vr, ok := db.writeViewRow(v, base, rc); ok {
			derived = append(derived, vr)
		}
		return true
	})
	if len(derived) > 0 {
		st.derived[string(key)] = derived
	}
}

func viewFilterMatches(rs *restrictions, rc *rowCtx) bool {
	if rs == nil {
		return true
	}
	for i, r := range rs.pk {
		if r != nil && !matches(r, rc.pkVals[i]) {
			return false
		}
	}
	for _, r := range rs.ck {
		if !r.multi() && !matches(r, rc.value(r.first())) {
			return false
		}
	}
	return true
}

// writeViewRow copies one live base row into the view, keyed by the view's
// primary key; a row whose view key has a null is not in the view.
func (db *DB) writeViewRow(v, base *schema.Table, rc *rowCtx) (viewRow, bool) {
	keyVals := make([]cqltype.Value, len(v.PartitionKey))
	marker := rc.row.Marker
	for i, c := range v.PartitionKey {
		if keyVals[i] = rc.value(base.Column(c.Name)); keyVals[i] == nil {
			return viewRow{}, false
		}
	}
	clustering := make([][]byte, len(v.ClusteringCs))
	for i, c := range v.ClusteringCs {
		if clustering[i] = rc.value(base.Column(c.Name)); clustering[i] == nil {
			return viewRow{}, false
		}
	}
	// A view row lives as long as the base cell that is part of its key.
	for _, c := range append(append([]*schema.Column{}, v.PartitionKey...), v.ClusteringCs...) {
		bc := base.Column(c.Name)
		if bc.IsPrimaryKey() {
			continue
		}
		if cell := rc.cellMeta(bc); cell != nil && (marker.TS == store.NoTimestamp || cell.TS > marker.TS || cell.TTL > 0) {
			marker = store.Liveness{TS: cell.TS, TTL: cell.TTL}
			if cell.TTL > 0 {
				marker.Expires = cell.LocalTime
			}
		}
	}
	var key []byte
	if len(keyVals) == 1 {
		key = keyVals[0]
	} else {
		key = cqltype.CompositeKey(keyVals)
	}
	part := db.Data(v).PartitionForWrite(key)
	row := part.RowForWrite(clustering)
	if marker.TS != store.NoTimestamp {
		row.SetMarker(marker)
	}
	for _, c := range v.Regulars {
		bc := base.Column(c.Name)
		if bc == nil {
			continue
		}
		for _, cell := range baseCells(rc, bc) {
			cell.Col = int32(c.ID)
			row.Write(cell)
		}
	}
	return viewRow{key: key, clustering: clustering}, true
}

// baseCells returns the live cells of a base column in the current row.
func baseCells(rc *rowCtx, c *schema.Column) []store.Cell {
	r, del := rc.rowFor(c)
	if r == nil {
		return nil
	}
	var out []store.Cell
	cdel := del.Max(r.ComplexDeletionOf(int32(c.ID)))
	for _, cell := range r.Elements(int32(c.ID)) {
		if cell.IsLive(rc.now) && !cdel.Deletes(cell.TS) {
			out = append(out, cell)
		}
	}
	return out
}

// refreshViews updates every view of t after a write to partition key.
func (db *DB) refreshViews(t *schema.Table, key []byte) {
	for _, v := range t.Views {
		db.refreshView(v, t, key)
	}
}

// alterView runs ALTER MATERIALIZED VIEW ... WITH as AlterViewStatement.apply
// does: the view must exist, its options are read and checked as a table's
// are, then gc_grace_seconds 0 and a default_time_to_live are refused
// (Table.AlterProperties), and a refused statement changes nothing.
func (db *DB) alterView(s *cql.AlterView) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	if ksName == "" {
		return nil, errNoKeyspace()
	}
	if err := db.authorizeDDL(ksName, "ALTER", s.Name.Name.Name); err != nil {
		return nil, err
	}
	var v *schema.Table
	if ks := db.Schema.Keyspaces[ksName]; ks != nil {
		v = ks.Tables[s.Name.Name.Name]
	}
	if v == nil || v.View == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoView(ksName, s.Name.Name.Name)
	}
	return &Result{}, v.AlterProperties(s.Properties)
}

func (db *DB) dropView(s *cql.DropView) (*Result, *cqlerr.Error) {
	ksName := db.keyspaceOf(s.Name)
	ks := db.Schema.Keyspaces[ksName]
	var v *schema.Table
	if ks != nil {
		v = ks.Tables[s.Name.Name.Name]
	}
	if v == nil || v.View == nil {
		if s.IfExists {
			return &Result{}, nil
		}
		return nil, errNoView(ksName, s.Name.Name.Name)
	}
	base := v.View.Base
	out := base.Views[:0]
	for _, x := range base.Views {
		if x != v {
			out = append(out, x)
		}
	}
	base.Views = out
	delete(ks.Tables, v.Name)
	delete(db.data, v)
	delete(db.views, v)
	return &Result{}, nil
}

// RuleViewKeyNotNull is CreateViewStatement's rule that every column of a
// view's primary key is declared IS NOT NULL: a base row with a null there
// would have no address in the view.
const RuleViewKeyNotNull cqlerr.Rule = "views.key-not-null"

// The messages of CREATE and DROP MATERIALIZED VIEW, in the order
// CreateViewStatement.java (cql3/statements/schema) checks them unless noted.

// errViewCompact: WITH COMPACT STORAGE on a view, refused by the grammar since 4.0.
func errViewCompact() *cqlerr.Error {
	return cqlerr.New(cqlerr.SyntaxException, "COMPACT STORAGE tables are not allowed starting with version 4.0")
}

// errViewNoBase is CreateViewStatement.apply's refusal of a view over a base
// table that does not exist.
func errViewNoBase(base string) *cqlerr.Error {
	return cqlerr.Invalid("Base table '" + base + "' doesn't exist")
}

// errViewNameTaken is CreateViewStatement.apply's refusal of a view name a
// table of the keyspace has.
func errViewNameTaken(name string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create materialized view '" + name + "' - a table with the same name already exists")
}

// errViewOnCounters is CreateViewStatement.apply's refusal of a view over a
// counter table.
func errViewOnCounters() *cqlerr.Error {
	return cqlerr.Invalid("Materialized views are not supported on counter tables")
}

// errViewNoGrace is CreateViewStatement.apply's refusal of a view over a
// base table with gc_grace_seconds 0.
func errViewNoGrace(name, base string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create materialized view '" + name + "' for base table '" + base + "' with gc_grace_seconds of 0, since this value is used to TTL undelivered updates. Setting gc_grace_seconds too low might cause undelivered updates to expire before being replayed.")
}

// errViewDefaultTTL is CreateViewStatement.apply's (and
// AlterViewStatement's) refusal of default_time_to_live on a view.
func errViewDefaultTTL() *cqlerr.Error {
	return cqlerr.Invalid("Cannot set default_time_to_live for a materialized view. Data in a materialized view always expire at the same time than the corresponding data in the parent table.")
}

// errViewAlias is CreateViewStatement.apply's refusal of an alias in the
// view's SELECT.
func errViewAlias(expr, alias string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot use aliases when defining a materialized view (got " + expr + " AS " + alias + ")")
}

// errViewSelector is CreateViewStatement.apply's refusal of a selector that
// is not a column name.
func errViewSelector(expr string) *cqlerr.Error {
	return cqlerr.Invalid("Can only select columns by name when defining a materialized view (got " + expr + ")")
}

// errViewStatic is CreateViewStatement.apply's refusal of a static column in
// the view.
func errViewStatic(col, view string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot include static column '" + col + "' in materialized view '" + view + "'")
}

// errViewNoPartitionKey is CreateViewStatement.apply's refusal of a view
// PRIMARY KEY without a partition key column.
func errViewNoPartitionKey(view string) *cqlerr.Error {
	return cqlerr.Invalid("Must provide at least one partition key column for materialized view '" + view + "'")
}

// errViewUnknownKeyColumn is CreateViewStatement.apply's refusal of a
// PRIMARY KEY column the base table does not have.
func errViewUnknownKeyColumn(col, view string) *cqlerr.Error {
	return cqlerr.Invalid("Unknown column '" + col + "' referenced in PRIMARY KEY for materialized view '" + view + "'")
}

// errViewOrderMismatch is CreateViewStatement.apply's refusal of CLUSTERING
// ORDER BY columns that are not the clustering columns.
func errViewOrderMismatch() *cqlerr.Error {
	return cqlerr.Invalid("Clustering key columns must exactly match columns in CLUSTERING ORDER BY directive")
}

// errViewMissingBaseKey is CreateViewStatement.apply's refusal of a view
// PRIMARY KEY missing some of the base table's primary key columns.
func errViewMissingBaseKey(view string, missing []string, base string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot create materialized view '" + view + "' without primary key columns " + strings.Join(missing, ", ") + " from base table '" + base + "'")
}

// errViewTwoRegularKeys is CreateViewStatement.apply's refusal of more than
// one base regular column in the view's PRIMARY KEY.
func errViewTwoRegularKeys(cols []string) *cqlerr.Error {
	return cqlerr.Invalid("Cannot include more than one non-primary key column in materialized view primary key (got " + strings.Join(cols, ", ") + ")")
}

// errViewToken is CreateViewStatement.apply's refusal of a token() relation
// in the view's WHERE.
func errViewToken() *cqlerr.Error {
	return cqlerr.Invalid("Cannot use token relation when defining a materialized view")
}

// errViewRegularRestricted is CreateViewStatement.apply's refusal of a
// restriction other than IS NOT NULL on a non-primary-key column.
func errViewRegularRestricted(col string) *cqlerr.Error {
	return cqlerr.Invalid("Non-primary key columns can only be restricted with 'IS NOT NULL' (got: " + col + " restricted illegally)")
}

// errViewKeyNullable breaks RuleViewKeyNotNull.
func errViewKeyNullable(missing []string) *cqlerr.Error {
	return cqlerr.Invalid("Primary key columns "+strings.Join(missing, ", ")+" must be restricted with 'IS NOT NULL' or otherwise").
		For(RuleViewKeyNotNull, missing...)
}

// errNoView: DROP or ALTER MATERIALIZED VIEW of a view that does not exist
// (DropViewStatement.java, AlterViewStatement.java).
func errNoView(ks, view string) *cqlerr.Error {
	return cqlerr.Invalid("Materialized view '" + ks + "." + view + "' doesn't exist")
}
