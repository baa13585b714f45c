// SPDX-License-Identifier: GPL-2.0
/*
 * shapes N: a C++ workload for symbol demangling - namespaces, a class
 * with a virtual method, templates, operators and lambdas, each hot
 * enough to be sampled. Prints a checksum so nothing is optimised away.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace geo {
template <typename T> struct Vec {
	T x, y;
	__attribute__((noinline)) Vec operator+(const Vec &o) const
	{
		return { x + o.x, y + o.y };
	}
};

template <typename T> __attribute__((noinline)) T dot(const Vec<T> &a, const Vec<T> &b)
{
	return a.x * b.x + a.y * b.y;
}

struct Shape {
	virtual ~Shape() {}
	virtual double area() const = 0;
};

struct Circle : Shape {
	double r;
	explicit Circle(double r) : r(r) {}
	__attribute__((noinline)) double area() const override
	{
		double s = 0;

		for (int i = 0; i < 200; i++)
			s += 3.14159 * r * r / (i + 1);
		return s;
	}
};
} // namespace geo

__attribute__((noinline)) static double work(int rounds)
{
	std::vector<geo::Circle> shapes;
	geo::Vec<double> v{ 1, 2 };
	double sum = 0;

	for (int i = 0; i < 64; i++)
		shapes.emplace_back(i);
	auto total = [&](const geo::Circle &c) { return c.area(); };
	for (int k = 0; k < rounds; k++) {
		for (const auto &c : shapes)
			sum += total(c);
		v = v + geo::Vec<double>{ 0.5, 0.25 };
		sum += geo::dot(v, v);
		std::sort(shapes.begin(), shapes.end(),
			  [](const geo::Circle &a, const geo::Circle &b) { return a.r > b.r; });
	}
	return sum;
}

int main(int argc, char **argv)
{
	printf("%g\n", work(argc > 1 ? atoi(argv[1]) : 1000));
	return 0;
}
