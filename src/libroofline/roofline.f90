! roofline.f90 - the Fortran module over libroofline's C interface (iso_c_binding).
!
!     use roofline
!     call roofline_set_version("tiled")
!     call roofline_region_begin("axpy")
!     ... the loop ...
!     call roofline_region_end("axpy", 2d0 * n, 24d0 * n)   ! the region's declared totals
!     call roofline_flush()                                  ! or at exit
!
! Same rules as the C functions (roofline.h): inside an OpenMP parallel region
! every thread calls begin and end with the whole region's totals. Names are
! passed with their length and trimmed on the C side (fortran.c), so a blank-padded
! character variable works as well as a literal.
module roofline
  use, intrinsic :: iso_c_binding, only: c_char, c_int, c_double
  implicit none
  private
  public :: roofline_region_begin, roofline_region_end, roofline_set_version, roofline_flush

  interface
    subroutine c_begin(name, length) bind(C, name="roofline_region_begin_f")
      import :: c_char, c_int
      character(kind=c_char), dimension(*), intent(in) :: name
      integer(c_int), value :: length
    end subroutine c_begin
    subroutine c_end(name, length, flops, bytes) bind(C, name="roofline_region_end_f")
      import :: c_char, c_int, c_double
      character(kind=c_char), dimension(*), intent(in) :: name
      integer(c_int), value :: length
      real(c_double), value :: flops, bytes
    end subroutine c_end
    subroutine c_version(version, length) bind(C, name="roofline_set_version_f")
      import :: c_char, c_int
      character(kind=c_char), dimension(*), intent(in) :: version
      integer(c_int), value :: length
    end subroutine c_version
    subroutine roofline_flush() bind(C, name="roofline_flush")
    end subroutine roofline_flush
  end interface

contains

  subroutine roofline_region_begin(name)
    character(len=*), intent(in) :: name
    call c_begin(name, int(len(name), c_int))
  end subroutine roofline_region_begin

  subroutine roofline_region_end(name, flops, bytes)
    character(len=*), intent(in) :: name
    real(c_double), intent(in) :: flops, bytes
    call c_end(name, int(len(name), c_int), flops, bytes)
  end subroutine roofline_region_end

  subroutine roofline_set_version(version)
    character(len=*), intent(in) :: version
    call c_version(version, int(len(version), c_int))
  end subroutine roofline_set_version

end module roofline
