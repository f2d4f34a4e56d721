/* Spec "Object: Array (Advanced)": user structs. */
#include "../runner/cts.h"

#include <string.h>

typedef struct {
    vx_int32 a, b;
    vx_float32 c;
} my_struct;

CTS_TEST(UserStruct, register_unnamed, "REQ-1590 REQ-1591 REQ-1592 REQ-1593")
{
    vx_context c = cts_context();
    vx_enum e1 = vxRegisterUserStruct(c, sizeof(my_struct));
    vx_enum e2 = vxRegisterUserStruct(c, 3);
    char name[VX_MAX_REFERENCE_NAME];
    CTS_EXPECT(e1 >= VX_TYPE_USER_STRUCT_START && e1 <= VX_TYPE_USER_STRUCT_END);
    CTS_EXPECT(e2 >= VX_TYPE_USER_STRUCT_START && e2 <= VX_TYPE_USER_STRUCT_END);
    CTS_EXPECT(e1 != e2);
    /* no name: VX_FAILURE */
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, e1, name, sizeof(name)), VX_FAILURE);
    /* size 0 is not a structure */
    CTS_EXPECT_EQ_INT(vxRegisterUserStruct(c, 0), VX_TYPE_INVALID);
    CTS_EXPECT_EQ_INT(vxRegisterUserStruct(NULL, 4), VX_TYPE_INVALID);
}

CTS_TEST(UserStruct, register_named, "REQ-1596 REQ-1597 REQ-1598 REQ-1599 REQ-1600 REQ-1601 REQ-1603 REQ-1606 REQ-1609 REQ-1610 REQ-1611 REQ-1612 REQ-1613 REQ-1614 REQ-1615 REQ-1617 REQ-1618 REQ-1619")
{
    vx_context c = cts_context();
    char src[32], name[VX_MAX_REFERENCE_NAME], tiny[4];
    vx_enum e, found = 0, unnamed;
    strcpy(src, "my_struct");
    e = vxRegisterUserStructWithName(c, sizeof(my_struct), src);
    strcpy(src, "overwritten"); /* the name was copied */
    CTS_ASSERT(e >= VX_TYPE_USER_STRUCT_START && e <= VX_TYPE_USER_STRUCT_END);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, e, name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(name, "my_struct") == 0, "name \"%s\"", name);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, e, tiny, sizeof(tiny)), VX_ERROR_NO_MEMORY);
    CTS_EXPECT_STATUS(vxGetUserStructEnumByName(c, "my_struct", &found), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(found, e);
    CTS_EXPECT_STATUS(vxGetUserStructEnumByName(c, "overwritten", &found), VX_FAILURE);
    CTS_EXPECT_STATUS(vxGetUserStructEnumByName(c, "nothing", &found), VX_FAILURE);
    /* NULL name: registered, not named */
    unnamed = vxRegisterUserStructWithName(c, 8, NULL);
    CTS_EXPECT(unnamed >= VX_TYPE_USER_STRUCT_START && unnamed != e);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, unnamed, name, sizeof(name)), VX_FAILURE);
}

CTS_TEST(UserStruct, invalid_enum, "REQ-1608 REQ-1611")
{
    vx_context c = cts_context();
    char name[VX_MAX_REFERENCE_NAME];
    vx_enum e = vxRegisterUserStructWithName(c, 4, "only_one");
    CTS_ASSERT(e != VX_TYPE_INVALID);
    /* not a user struct at all: it has no associated type name (VX_FAILURE, as
     * the Khronos CTS checks with VX_TYPE_ERROR); a user-struct enumeration
     * never registered: VX_ERROR_INVALID_PARAMETERS */
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, VX_TYPE_UINT8, name, sizeof(name)), VX_FAILURE);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, VX_TYPE_ERROR, name, sizeof(name)), VX_FAILURE);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, e + 1, name, sizeof(name)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(c, VX_TYPE_USER_STRUCT_END, name, sizeof(name)),
                      VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(UserStruct, per_context, "REQ-1590")
{
    vx_context a = cts_context(), b = cts_context();
    vx_enum found = 0;
    CTS_ASSERT(vxRegisterUserStructWithName(a, 4, "in_a") != VX_TYPE_INVALID);
    CTS_EXPECT_STATUS(vxGetUserStructEnumByName(b, "in_a", &found), VX_FAILURE);
}

CTS_TEST(UserStruct, exhaustion, "REQ-1594 REQ-1604")
{
    vx_context c = cts_context();
    int i, valid = 0;
    vx_enum e = VX_TYPE_INVALID;
    /* the user struct range has VX_TYPE_USER_STRUCT_END - START + 1 values */
    for (i = 0; i <= VX_TYPE_USER_STRUCT_END - VX_TYPE_USER_STRUCT_START + 1; i++) {
        e = vxRegisterUserStruct(c, 4);
        if (e == VX_TYPE_INVALID) break;
        CTS_ASSERT(e >= VX_TYPE_USER_STRUCT_START && e <= VX_TYPE_USER_STRUCT_END);
        valid++;
    }
    CTS_EXPECT_EQ_INT(e, VX_TYPE_INVALID);
    CTS_EXPECT(valid >= 1);
    CTS_EXPECT_EQ_INT(vxRegisterUserStructWithName(c, 4, "late"), VX_TYPE_INVALID);
}

CTS_TEST(UserStruct, bad_arguments, "REQ-1614 REQ-1607")
{
    vx_context c = cts_context();
    vx_enum e;
    char name[8];
    /* the spec lists no VX_ERROR_INVALID_REFERENCE for these: a bad context
     * is an invalid parameter (as the Khronos CTS checks) */
    CTS_EXPECT_STATUS(vxGetUserStructEnumByName(NULL, "x", &e), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetUserStructNameByEnum(NULL, VX_TYPE_USER_STRUCT_START, name, sizeof(name)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxGetUserStructEnumByName(c, NULL, &e) != VX_SUCCESS);
    CTS_EXPECT(vxGetUserStructEnumByName(c, "x", NULL) != VX_SUCCESS);
    CTS_EXPECT(vxGetUserStructNameByEnum(c, VX_TYPE_USER_STRUCT_START, NULL, 8) != VX_SUCCESS);
}

CTS_TABLE(userstruct) = {
    CTS_ENTRY(UserStruct, register_unnamed),
    CTS_ENTRY(UserStruct, register_named),
    CTS_ENTRY(UserStruct, invalid_enum),
    CTS_ENTRY(UserStruct, per_context),
    CTS_ENTRY(UserStruct, exhaustion),
    CTS_ENTRY(UserStruct, bad_arguments),
    CTS_TABLE_END,
};
