// Linux process calls the Swift Glibc module leaves out: pidfd_open(2) (glibc 2.36), and two
// GNU extensions its headers declare only under _GNU_SOURCE, declared here as glibc does.
#include <spawn.h>
#include <sys/pidfd.h>

extern int pipe2(int pipedes[2], int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
