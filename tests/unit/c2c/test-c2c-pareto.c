// SPDX-License-Identifier: GPL-2.0
/*
 * perf c2c's Pareto of shared lines: the header in perf's widths, each
 * line's row of counts and address, and under it only the rows with
 * stores or with what -d shows, each as a share of its line's, its nodes
 * and CPUs, its mean latencies, its symbol cut where perf cuts it, and
 * -N's per-node detail. The browser's screen of a line has the same rows
 * less the Num column, with perf's narrower offset.
 */
#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/c2c/c2c-table.h"

#define NR_CPUS 4
#define MAX_ROWS 4

/* A report of one line and its rows, on two nodes of two CPUs each. */
struct fake {
	struct c2c_report r;
	struct c2c_line line;
	struct c2c_row rows[MAX_ROWS];
	uint32_t row_idx[MAX_ROWS];
	uint64_t cpus[MAX_ROWS], line_cpus;
	uint64_t node_cpus[2];
	struct c2c_stats node_st[MAX_ROWS][2];
	struct dso dso, kernel;
	struct symbol sym[MAX_ROWS];
};

struct row_spec {
	uint64_t offset, iaddr;
	const char *sym;	/* NULL: unresolved */
	struct c2c_stats st;
	uint64_t cpus;		/* a bit per CPU */
	uint64_t nodes;		/* of its data */
	double mean_rmt, mean_lcl, mean_load;
};

static void add_row(struct fake *f, const struct row_spec *s)
{
	uint32_t i = f->line.nr_rows++;
	struct c2c_row *row = &f->rows[i];

	*row = (struct c2c_row){ .offset = s->offset, .iaddr = s->iaddr, .pid = 4242,
				 .tid = 4243, .comm = "arrays", .st = s->st };
	row->code.level = s->sym ? '.' : 'k';
	row->code.dso = s->sym ? &f->dso : &f->kernel;
	row->code.al_addr = s->iaddr;
	if (s->sym) {
		f->sym[i] = (struct symbol){ .start = s->iaddr, .end = s->iaddr + 16,
					     .name = s->sym };
		row->code.sym = &f->sym[i];
	}
	row->mean[C2C_MEAN_RMT] = s->mean_rmt;
	row->mean[C2C_MEAN_LCL] = s->mean_lcl;
	row->mean[C2C_MEAN_LOAD] = s->mean_load;
	f->cpus[i] = s->cpus;
	row->where = (struct c2c_where){ .cpus = &f->cpus[i], .nodes = s->nodes, .paddr_cnt = 1 };
	row->node_st = f->node_st[i];
	f->row_idx[i] = i;
	c2c_stats__add(&f->line.st, &s->st);
}

static void fake_init(struct fake *f, const struct row_spec *rows, size_t nr)
{
	memset(f, 0, sizeof(*f));
	f->dso.short_name = "arrays";
	f->kernel.short_name = "[kernel.kallsyms]";
	f->node_cpus[0] = 0x3;		/* CPUs 0-1 */
	f->node_cpus[1] = 0xc;		/* CPUs 2-3 */
	f->r.nodes = (struct c2c_nodes){ .nr_nodes = 2, .nr_cpus = NR_CPUS, .cpu_words = 1,
					 .node_cpus = f->node_cpus };
	f->line = (struct c2c_line){ .addr = 0x55ffba5cda00, .rows = f->row_idx };
	f->line.where.cpus = &f->line_cpus;
	for (size_t i = 0; i < nr; i++)
		add_row(f, &rows[i]);
	f->r.lines = &f->line;
	f->r.nr_lines = 1;
	f->r.rows = f->rows;
	f->r.nr_rows = f->line.nr_rows;
}

static const struct row_spec hitm_row = {
	0x8, 0x401136, "adder", { .lcl_hitm = 3, .tot_hitm = 5, .rmt_hitm = 2, .st_l1hit = 1,
				  .store = 1, .lcl_dram = 1 },
	0x3, 0x1, 250, 120.4, 99.6,
};
static const struct row_spec store_row = {
	0x10, 0xffffffff81000010, NULL, { .st_l1hit = 3, .st_na = 1, .store = 4 },
	0x4, 0x2, 0, 0, 0,
};
static const struct row_spec load_row = {	/* L1 hits alone: not shown */
	0x18, 0x401200, "reader", { .ld_l1hit = 9, .load = 9 }, 0x1, 0x1, 0, 0, 4,
};
static const struct row_spec peer_row = {	/* peer snoops alone: shown with -d peer */
	0x20, 0x401300, "peer_reader", { .lcl_peer = 2, .tot_peer = 2, .load = 2 }, 0x8, 0x3,
	0, 0, 30,
};

/* perf c2c report --stdio --no-source on a line of these rows */
static const char header[] =
	"#        ----- HITM -----  ------- Store Refs ------  --------- Data address ---------"
	"                      ---------- cycles ----------    Total       cpu"
	"                                     Shared      \n"
	"#   Num  RmtHitm  LclHitm   L1 Hit  L1 Miss      N/A              Offset  Node  PA cnt"
	"        Code address  rmt hitm  lcl hitm      load  records       cnt"
	"                  Symbol             Object  Node\n"
	"# .....  .......  .......  .......  .......  .......  ..................  ....  ......"
	"  ..................  ........  ........  ........  .......  ........"
	"  ......................  .................  ....\n"
	"#\n";

static const char rule[] =
	"  ----------------------------------------------------------------------\n";

/* The Pareto's rows of one line, under -c and -d as @o says. */
static void pareto_of(const struct row_spec *rows, size_t nr, const struct c2c_opts *o,
		      struct strbuf *out)
{
	uint32_t line = 0;
	struct fake f;

	fake_init(&f, rows, nr);
	f.node_st[0][0] = rows[0].st;	/* the first row's CPUs are node 0's */
	if (nr > 1)
		f.node_st[1][1] = rows[1].st;
	c2c_print_pareto(&f.r, o, &line, 1, 4, out);
}

static const char title[] =
	"\n=================================================\n"
	"      Shared Cache Line Distribution Pareto      \n"
	"=================================================\n#\n";

static void test_c2c_pareto__rows_of_a_line(void **state)
{
	const struct row_spec rows[] = { hitm_row, store_row, load_row };
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1, .no_source = true };
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;

	(void)state;
	pareto_of(rows, ARRAY_SIZE(rows), &o, &out);
	strbuf_addstr(&want, title);
	strbuf_addstr(&want, header);
	strbuf_addstr(&want, rule);
	strbuf_addstr(&want,
		"      0        2        3        4        0        1      0x55ffba5cda00\n");
	strbuf_addstr(&want, rule);
	/* shares of the line's 2 remote and 3 local HITMs, 4 L1-hit and 1 N/A
	 * stores; the loads' row is left out */
	strbuf_addstr(&want,
		"         100.00%  100.00%   25.00%    0.00%    0.00%"
		"                 0x8     0       1"
		"            0x401136       250       120       100        7         2"
		"  [.] adder               arrays              0\n");
	strbuf_addstr(&want,
		"           0.00%    0.00%   75.00%    0.00%  100.00%"
		"                0x10     1       1"
		"  0xffffffff81000010         0         0         0        4         1"
		"  [k] 0xffffffff81000010  [kernel.kallsyms]   1\n");
	assert_string_equal(out.buf, want.buf);
	strbuf_release(&out);
	strbuf_release(&want);
}

/* -d peer: the peer snoops' columns, and a row of peer snoops alone shown */
static void test_c2c_pareto__peer_snoops(void **state)
{
	const struct row_spec rows[] = { hitm_row, load_row, peer_row };
	struct c2c_opts o = { .display = C2C_PEER, .fields = { C2C_IADDR }, .nr_fields = 1,
			      .no_source = true };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	pareto_of(rows, ARRAY_SIZE(rows), &o, &out);
	assert_non_null(strstr(out.buf, "#        -- Peer Snoop --  ------- Store Refs"));
	assert_non_null(strstr(out.buf, "#   Num      Rmt      Lcl   L1 Hit"));
	assert_non_null(strstr(out.buf, "  rmt peer  lcl peer      load  "));
	assert_non_null(strstr(out.buf, "\n      0        0        2        1        0        0"));
	assert_null(strstr(out.buf, " 0x18 "));
	/* the HITM row stays for its store */
	assert_non_null(strstr(out.buf,
		"\n           0.00%    0.00%  100.00%    0.00%    0.00%                 0x8 "));
	assert_non_null(strstr(out.buf,
		"\n           0.00%  100.00%    0.00%    0.00%    0.00%                0x20   0-1"
		"       1            0x401300         0         0        30        0         1"
		"  [.] peer_reader  arrays   1\n"));
	strbuf_release(&out);
}

/* perf caps Symbol at 30 columns unless --full-symbols */
static void test_c2c_pareto__long_symbol_cut(void **state)
{
	static const char name[] = "a_function_with_a_rather_long_name_here";	/* 39 */
	struct row_spec rows[] = { hitm_row };
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1, .no_source = true };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	rows[0].sym = name;
	pareto_of(rows, 1, &o, &out);
	assert_non_null(strstr(out.buf, "  [.] a_function_with_a_rather_l  arrays  "));
	assert_non_null(strstr(out.buf, "                          Symbol  Object  Node\n"));
	strbuf_reset(&out);
	o.full_symbols = true;
	pareto_of(rows, 1, &o, &out);
	assert_non_null(strstr(out.buf, "  [.] a_function_with_a_rather_long_name_here  arrays  "));
	strbuf_release(&out);
}

/* An unresolved address: the map-relative one in 16 digits, "0x" unless 0 */
static void test_c2c_pareto__unresolved_code(void **state)
{
	struct row_spec rows[] = { store_row };
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1, .no_source = true };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	rows[0].iaddr = 0x1234;
	pareto_of(rows, 1, &o, &out);
	assert_non_null(strstr(out.buf, "  [k] 0x0000000000001234  [kernel.kallsyms]  "));
	strbuf_reset(&out);
	rows[0].iaddr = 0;
	pareto_of(rows, 1, &o, &out);
	assert_non_null(strstr(out.buf, "  [k] 0000000000000000    [kernel.kallsyms]  "));
	strbuf_release(&out);
}

/* -N: each node's CPUs, share of the row's HITMs and stores (a blank
 * node's place kept); -NN: the CPUs by number */
static void test_c2c_pareto__node_detail(void **state)
{
	const struct row_spec rows[] = { hitm_row, store_row };
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1, .no_source = true,
			      .node_info = 1 };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	pareto_of(rows, ARRAY_SIZE(rows), &o, &out);
	assert_non_null(strstr(out.buf, "  Node{cpus %hitms %stores}\n"));
	/* node 1 of the first row, node 0 of the second: 21 blanks */
	assert_non_null(strstr(out.buf, "  arrays              0{ 2 100.0% 100.0%}"
					"                     \n"));
	assert_non_null(strstr(out.buf, "  [kernel.kallsyms]  "
					"                      1{ 1    n/a 100.0%}\n"));
	strbuf_reset(&out);
	o.node_info = 2;
	pareto_of(rows, ARRAY_SIZE(rows), &o, &out);
	assert_non_null(strstr(out.buf, "  Node{cpu list}\n"));
	assert_non_null(strstr(out.buf, "  arrays              0{0-1}\n"));
	assert_non_null(strstr(out.buf, "  [kernel.kallsyms]   1{2}\n"));
	strbuf_release(&out);
}

/* -c pid,tid: those columns, the Tid one as wide as the longest comm */
static void test_c2c_pareto__pid_tid_fields(void **state)
{
	const struct row_spec rows[] = { hitm_row };
	struct c2c_opts o = { .fields = { C2C_PID, C2C_TID }, .nr_fields = 2 };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	pareto_of(rows, 1, &o, &out);
	assert_non_null(strstr(out.buf, "  Node  PA cnt      Pid             Tid  rmt hitm"));
	assert_non_null(strstr(out.buf, "  ....  ......  .......  ..............  ........"));
	assert_non_null(strstr(out.buf, "     0       1     4242     4243:arrays       250"));
	assert_null(strstr(out.buf, "Symbol"));
	strbuf_release(&out);
}

/* The browser's screen of a line: no "# ", no Num, a 5-wide offset */
static void test_c2c_pareto__browser_screen(void **state)
{
	const struct row_spec rows[] = { hitm_row, store_row, load_row };
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1, .no_source = true };
	struct strbuf header = STRBUF_INIT, out = STRBUF_INIT;
	struct fake f;

	(void)state;
	fake_init(&f, rows, ARRAY_SIZE(rows));
	c2c_print_cacheline(&f.r, &o, 0, 4, &header, &out);
	assert_string_equal(header.buf,
		"----- HITM -----  ------- Store Refs ------  ------- CL --------"
		"                      ---------- cycles ----------    Total       cpu"
		"                                     Shared      \n"
		"RmtHitm  LclHitm   L1 Hit  L1 Miss      N/A    Off  Node  PA cnt"
		"        Code address  rmt hitm  lcl hitm      load  records       cnt"
		"                  Symbol             Object  Node\n");
	assert_string_equal(out.buf,
		"100.00%  100.00%   25.00%    0.00%    0.00%    0x8     0       1"
		"            0x401136       250       120       100        7         2"
		"  [.] adder               arrays              0\n"
		"  0.00%    0.00%   75.00%    0.00%  100.00%   0x10     1       1"
		"  0xffffffff81000010         0         0         0        4         1"
		"  [k] 0xffffffff81000010  [kernel.kallsyms]   1\n");
	strbuf_release(&header);
	strbuf_release(&out);
}

static void test_c2c_pareto__no_lines(void **state)
{
	struct c2c_opts o = { .fields = { C2C_IADDR }, .nr_fields = 1 };
	struct c2c_report r = { 0 };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	c2c_print_pareto(&r, &o, NULL, 0, 4, &out);
	assert_string_equal(out.buf, title);
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c2c_pareto__rows_of_a_line),
		cmocka_unit_test(test_c2c_pareto__peer_snoops),
		cmocka_unit_test(test_c2c_pareto__long_symbol_cut),
		cmocka_unit_test(test_c2c_pareto__unresolved_code),
		cmocka_unit_test(test_c2c_pareto__node_detail),
		cmocka_unit_test(test_c2c_pareto__pid_tid_fields),
		cmocka_unit_test(test_c2c_pareto__browser_screen),
		cmocka_unit_test(test_c2c_pareto__no_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
