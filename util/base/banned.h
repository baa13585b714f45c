/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BANNED_H
#define PM_BANNED_H

/*
 * Functions that make buffer overflows easy. Included last by every .c file
 * through util/base/util.h, so that a use is a compile error, not a review
 * comment. Use strbuf (util/base/strbuf.h) or snprintf instead.
 */
#define BANNED(func) sorry_##func##_is_a_banned_function

#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef atoi
#define atoi(x) BANNED(atoi)
#undef gets
#define gets(x) BANNED(gets)
#undef alloca
#define alloca(x) BANNED(alloca)

#endif
